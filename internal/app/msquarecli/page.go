package msquarecli

import _ "embed"

//go:embed page.js
var page string

// Title is "Magic squares".
func (Puzzle) Title() string { return "Magic squares" }

// Page is the puzzle's page on the web page (page.js).
func (Puzzle) Page() string { return page }
