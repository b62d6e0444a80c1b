"""Carioca's screens: the table (the match being played, scene.py), the tutorial on the same
table, the rules page, the round summary and final screens, New game and the statistics tab.

- model.py: ``TableModel``, what the table shows (the observation, the viewer, the hand order,
  the slots, the words and the buttons' states), a plain object the scene owns;
- describe.py: the model's words, slots and buttons, computed from the observation (values);
- view.py, layout.py, paint.py, marks.py, hud pieces: where things are and how they look;
- input.py, keys.py, moves.py, actions.py: gestures and keys into actions, through the narrow
  ``Table`` interface of moves.py (perform, refuse, toast, glide back);
- hand.py, slots.py: the viewer's hand order and lay-down slots; flights.py: animations;
- advice.py: the Pista; widgets.py: the pygame_gui buttons; tutorial.py: the coached round.
- nettable.py: the table at a network table; replay.py: the replay viewer on this table.
"""

from carioca_desktop.ui.scenes.carioca.scene import TableScene

__all__ = ["TableScene"]
