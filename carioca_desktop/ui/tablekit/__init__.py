"""What the two games' tables share: the dirty-rectangle blitter over the table's layer
(blitter.py), the hand model (hand.py), the hot-seat privacy prompt (privacy.py), and the
small marks and keys both draw and read."""
