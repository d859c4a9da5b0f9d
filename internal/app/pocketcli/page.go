package pocketcli

import _ "embed"

//go:embed page.js
var page string

// Title is "Pocket cube 2x2x2".
func (Puzzle) Title() string { return "Pocket cube 2x2x2" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
