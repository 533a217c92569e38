# d: both boards with their lines and coordinates (ranks on the left,
# files below), then FEN, key, counters and the legal moves.
> d
<
<  13 m-------m-------m-------m-------m-------m
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<  12 \|   m   \|   m   \|   m   \|   m   \|   m   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<  11 m-------m-------m-------m-------m-------m
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<  10 \|   m   \|   m   \|   m   \|   m   \|   m   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<   9 m-------m-------m-------m-------m-------m
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<   8 \|   p   \|   \.   \|   \.   \|   \.   \|   \.   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<   7 k-------\.-------\.-------\.-------\.-------K
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<   6 \|   \.   \|   \.   \|   \.   \|   \.   \|   P   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<   5 M-------M-------M-------M-------M-------M
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<   4 \|   M   \|   M   \|   M   \|   M   \|   M   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<   3 M-------M-------M-------M-------M-------M
<     \| \\   / \| \\   / \| \\   / \| \\   / \| \\   / \|
<   2 \|   M   \|   M   \|   M   \|   M   \|   M   \|
<     \| /   \\ \| /   \\ \| /   \\ \| /   \\ \| /   \\ \|
<   1 M-------M-------M-------M-------M-------M
<     a   b   c   d   e   f   g   h   i   j   k
<
< Variant: dablot   Rules: defaults
< Fen: mmmmmm/mmmmm/mmmmmm/mmmmm/mmmmmm/p4/k4K/4P/MMMMMM/MMMMM/MMMMMM/MMMMM/MMMMMM w 0 1
< Key: [0-9A-F]{16}
< Side to move: White   DrawPlies counter: 0   Move number: 1
< Moves played: 0 .*
< Legal moves \(15\): c5-c7 e5-e7 g5-g7 i5-i7 a5-b6 c5-d6 e5-f6 g5-h6 k7-i7 c5-b6 e5-d6 g5-f6 i5-h6 j6-i7 k7-j8
> setoption name Variant value tabal
< info string variant tabal .*
> position startpos moves b4-c5
> d
<
<   9 m-------m-------m
<       \\     \|     /
<   8     m---m---m
<           \\ \| /
<   7 m---m---m---m---m
<     \| \\ \| / \| \\ \| / \|
<   6 m---m---m---m---m
<     \| / \| \\ \| / \| \\ \|
<   5 \.---\.---M---\.---\.
<     \| \\ \| / \| \\ \| / \|
<   4 M---\.---M---M---M
<     \| / \| \\ \| / \| \\ \|
<   3 M---M---M---M---M
<           / \| \\
<   2     M---M---M
<       /     \|     \\
<   1 M-------M-------M
<     a   b   c   d   e
<
< Variant: tabal   Rules: defaults
< Fen: mmm/mmm/mmmmm/mmmmm/2M2/M1MMM/MMMMM/MMM/MMM b 0 1
< Key: [0-9A-F]{16}
< Side to move: Black   DrawPlies counter: 0   Move number: 1
< Moves played: 1 .*
< Moves: b4-c5
< Legal moves \(1\): d6xb4
close
exit 0
