"""What a game looks like at a table, as pure functions of the kernel's states (no I/O, no
table): the message each seat is sent (`messages`) and its delta (`delta`), the table's
explanations (`explain`), whole moves in one gesture (`board_routes`, `teams`, a hint's
`hint_moves`), endings other than by the rules (`endings`), and the card files a table may
use (`cardfiles`)."""
