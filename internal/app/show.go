package app

import "github.com/godtable/godtable/internal/app/cli"

// ShowAfter reads state as the show command does, applies moves to it and
// draws the result as the command would.
func ShowAfter(p cli.Puzzle, state, moves string, o *cli.Options) (cli.Shown, string, error) {
	s, err := p.After(state, moves, o)
	if err != nil {
		return s, "", err
	}
	d, err := p.Show(s.State, &options{Order: "net"}, false)
	return s, d, err
}
