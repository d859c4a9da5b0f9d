// Package pyraminx models the Pyraminx: stickers, pieces, coordinates, the
// table definition of its body and the sticker and move input.
//
// The puzzle is held with one face towards the viewer (F), one corner up
// (U), the corners L and R at the front left and right and B at the back;
// each face is named by the corner it does not touch but faces away from:
// F is opposite B, L opposite R, R opposite L, D opposite U.
//
// # Pieces
//
// Four tips, four axial centres and six edges. Every piece is named by the
// corners it touches: the tips and centres U, L, R, B, the edges UL, UR,
// UB, LR, LB, RB. The tips and centres never leave their corners, they only
// twist (three ways each); the edges move and flip (two ways each). The
// moves U, L, R, B turn a corner's tip and middle layer 120 degrees
// clockwise as seen looking at that corner, U' and so on anticlockwise;
// u, l, r, b turn the tip alone.
//
// Every move is a 3-cycle of edges, so the edge permutation stays even, and
// the edge flips add up to an even number; every twist of the centres and
// tips occurs. Without the tips that makes 360 × 32 × 81 = 933,120
// positions, the body; with them 81 times as many, 75,582,720.
//
// A move of a corner turns its tip with its centre, so the twist of a tip
// relative to its centre changes only under the tip moves. That makes the
// tips independent of the body: a position's distance is its body's
// distance plus the number of tips twisted relative to their centres, each
// solved by one tip move (a body move leaves those relative twists alone,
// a tip move leaves the body alone, and each changes one of the two terms
// by at most one). The body alone has a distance table; Position keeps the
// body's rank and the relative tip twists side by side.
//
// # The net
//
// The stickers are read face by face, F L R D, each face row by row, left
// to right, as the faces appear in this net (seen from outside; F points
// up, the others down; corner letters at the faces' corners):
//
//	B_______U_______B
//	 \     / \     /
//	  \ L / F \ R /
//	   \ /     \ /
//	    L_______R
//	     \     /
//	      \ D /
//	       \ /
//	        B
//
// Sticker by sticker (each face has nine triangles: three tips at its
// corners, three centre stickers beside them and three edge stickers along
// its sides):
//
//	L1 L2 L3 L4 L5 F1 R1 R2 R3 R4 R5
//	   L6 L7 L8 F2 F3 F4 R6 R7 R8
//	      L9 F5 F6 F7 F8 F9 R9
//	         D1 D2 D3 D4 D5
//	            D6 D7 D8
//	               D9
//
// so a sticker string is F1..F9 L1..L9 R1..R9 D1..D9, and the solved
// puzzle, its faces written as the letters F L R D, is
// FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD. F1 is the U tip's sticker on F, F3
// the U centre's, F2 and F4 belong to the edges UL and UR.
//
// # Colours
//
// Any four distinct printable ASCII characters other than the space may
// stand for the colours, nine stickers each. The centres fix the colour
// scheme: a centre never leaves its corner, and it shows the colours of the
// three faces that meet there, so the one colour a centre lacks is the
// colour of the face opposite its corner. No other knowledge of the colours
// is needed; the four centres must lack four different colours.
package pyraminx
