package pyraminx

import "strings"

// netRows are the stickers in each row of the net as drawn (see the package
// doc), left to right; row r is indented by r cells, which keeps the
// triangles of neighbouring rows under one another.
var netRows = [6][]uint8{
	{9, 10, 11, 12, 13, 0, 18, 19, 20, 21, 22},
	{14, 15, 16, 1, 2, 3, 23, 24, 25},
	{17, 4, 5, 6, 7, 8, 26},
	{27, 28, 29, 30, 31},
	{32, 33, 34},
	{35},
}

// faceBackground are the ANSI background colours of the faces F L R D in
// the usual scheme: green, red, blue, yellow.
var faceBackground = [4]string{"\x1b[30;42m", "\x1b[97;41m", "\x1b[97;44m", "\x1b[30;103m"}

// DrawNet draws 36 stickers as the net of the package doc, a character and
// a space per sticker, one line per row. letters gives the characters to
// print (a sticker string); with colour, each sticker is printed on its
// face's ANSI background colour, faces giving the face of every sticker.
func DrawNet(letters string, faces [NStickers]uint8, colour bool) string {
	var b strings.Builder
	for r, row := range netRows {
		line := strings.Repeat("  ", r)
		for _, i := range row {
			if colour {
				line += faceBackground[faces[i]] + string(letters[i]) + " \x1b[0m"
			} else {
				line += string(letters[i]) + " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// Draw draws the position as its net, the stickers written as the letters
// of their faces (see DrawNet).
func (q Position) Draw(colour bool) string {
	return DrawNet(q.Stickers(), q.Faces(), colour)
}
