package rotgridcli

import _ "embed"

//go:embed page.js
var page string

// Title is "Rotation grid 3x3".
func (Puzzle) Title() string { return "Rotation grid 3x3" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
