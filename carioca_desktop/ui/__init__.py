"""The screens (pygame-ce + pygame_gui) of both games: the app, its scene stack and router,
the theme, card art, widgets and the table kit."""
