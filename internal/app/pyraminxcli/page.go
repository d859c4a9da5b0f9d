package pyraminxcli

import _ "embed"

//go:embed page.js
var page string

// Title is "Pyraminx".
func (Puzzle) Title() string { return "Pyraminx" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
