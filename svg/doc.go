// Package svg draws a Dou Shou Qi position as an SVG image, for web pages,
// shareable pictures of a game and documentation, much as python-chess's
// chess.svg.board does for chess.
//
// [Board] returns the image as a string and [WriteBoard] writes it to an
// io.Writer. The image shows the terrain (land, the two rivers, each side's
// traps and den in its colour), the pieces as the play site draws them (the
// animal's pictogram on a round red token or a square blue one, with its
// rank in a badge), and, as [Options] ask, the file letters and rank
// numbers around the board, the board turned for Blue, the last move, marked
// squares and arrows.
//
// # Guarantees
//
//   - The output is a complete SVG document (no XML declaration, so that it
//     can also be inlined in HTML) with role="img", a <title> holding the
//     position's notation and a <desc> naming every piece in words.
//   - The same position and options give the same bytes, on every platform
//     and Go version: every coordinate the package computes is a whole
//     number, and nothing is drawn in an order that depends on a map.
//   - Every element carries a class ("sq water", "piece blue lion", "coord",
//     "mark", ...) and its colours as presentation attributes: the image
//     needs no style sheet, and a page that inlines it can restyle it with
//     CSS. Ids, needed for shared definitions, start with "dsq-"; two images
//     inlined in one page share them harmlessly, as their definitions are
//     the same.
//   - An option that cannot be drawn (a square off the board, a move that is
//     neither a step nor a river jump, a colour with characters a CSS colour
//     does not use) is refused with an [*Error] before anything is written;
//     no input makes Board panic.
package svg
