package rotgamecli

import _ "embed"

//go:embed page.js
var page string

// Title is "Rotation game".
func (Puzzle) Title() string { return "Rotation game" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
