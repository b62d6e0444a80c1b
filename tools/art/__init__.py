"""Card-art previews drawn to PNGs to look at by eye."""
