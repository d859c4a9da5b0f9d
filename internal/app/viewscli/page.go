package viewscli

import _ "embed"

//go:embed page.js
var page string

// Title is "Views (top, front, side)".
func (Puzzle) Title() string { return "Views (top, front, side)" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
