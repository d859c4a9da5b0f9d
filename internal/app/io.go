package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// MaxLine is the longest input line taken; a longer one is an error for
// that line alone (the rest of it is skipped unread into memory).
const MaxLine = 64 << 10

// lineReader reads lines without ever holding more than max bytes of one.
type lineReader struct {
	r    *bufio.Reader
	w    *bufio.Writer // flushed before a read that would block
	max  int           // the longest line taken: MaxLine for the command
	line []byte
	err  error // the read error that ended the input, if not its end
	read bool  // whether a line has been read: the first may begin with a BOM
}

func newLineReader(r io.Reader, w *bufio.Writer) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), w: w, max: MaxLine}
}

// EachLine calls f with every line of r as the command reads its stdin: the
// line without its ending ("\n" or "\r\n"), or, for a line over max bytes,
// no text and tooLong (the rest of it is skipped unread into memory), so
// that every line, blank or too long, gets its turn in order. w, if not nil,
// is flushed before a read that would wait for more input. It stops when f
// returns false, and returns the read error that ended the input, if not its
// end; a line cut short by it is not passed to f.
func EachLine(r io.Reader, max int, w *bufio.Writer, f func(line []byte, tooLong bool) bool) error {
	l := &lineReader{r: bufio.NewReaderSize(r, 64<<10), w: w, max: max}
	for {
		line, tooLong, ok := l.next()
		if tooLong {
			line = nil
		}
		if !ok || !f(line, tooLong) {
			return l.err
		}
	}
}

// next returns the next line without its line ending ("\n" or "\r\n"),
// whether it was too long, and false at the end of the input or at a read
// error, which is then kept in l.err. A line cut short by a read error is
// not an input and gets no answer.
func (l *lineReader) next() (line []byte, tooLong bool, ok bool) {
	if l.r.Buffered() == 0 && l.w != nil {
		// About to wait for input: let the answers so far out first, so
		// that a person typing sees each answer, while a stream is still
		// written in large blocks.
		l.w.Flush()
	}
	l.line = l.line[:0]
	n := 0
	for {
		chunk, err := l.r.ReadSlice('\n')
		n += len(chunk)
		if !tooLong {
			if len(l.line)+len(chunk) > l.max+2 {
				tooLong = true
			} else {
				l.line = append(l.line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && err != io.EOF {
			l.err = err
			return nil, false, false
		}
		if err != nil && n == 0 {
			return nil, false, false
		}
		break
	}
	line = bytes.TrimSuffix(l.line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if !l.read {
		// A byte-order mark, as some editors begin a UTF-8 file with,
		// is not part of the first line.
		line = bytes.TrimPrefix(line, []byte("\ufeff"))
		l.read = true
	}
	if len(line) > l.max {
		tooLong = true
	}
	return line, tooLong, true
}

// writer writes answers in input order, as text or JSON Lines, and reports
// invalid inputs on stderr with their position.
type writer struct {
	out      *bufio.Writer
	stderr   io.Writer
	json     bool
	inputKey string // the JSON key of the input; "input" if empty
	invalid  int
	buf      []byte
}

// failed reports whether writing has failed (a closed pipe, a full disk):
// then there is no one to answer, and the command stops quietly.
func (w *writer) failed() bool {
	_, err := w.out.Write(nil)
	return err != nil
}

func (w *writer) write(a *answer, where string) {
	if a.Err != nil {
		w.invalid++
		fmt.Fprintf(w.stderr, "godtable: %s: %v\n", where, a.Err)
	} else if a.Note != "" {
		fmt.Fprintf(w.stderr, "godtable: %s: note: %s\n", where, a.Note)
	}
	if !w.json {
		if a.Err != nil {
			w.out.WriteString("error: ")
			w.out.WriteString(a.Err.Error())
			w.out.WriteByte('\n')
			return
		}
		w.out.Write(a.Text)
		return
	}
	key := w.inputKey
	if key == "" {
		key = "input"
	}
	b := append(w.buf[:0], '{')
	b = strconv.AppendQuote(b, key)
	b = append(b, ':')
	b = AppendJSON(b, a.Input)
	if a.Err != nil {
		b = append(b, `,"error":`...)
		b = AppendJSON(b, a.Err.Error())
	} else {
		for _, f := range a.Fields {
			b = append(b, ',')
			b = strconv.AppendQuote(b, f.Key)
			b = append(b, ':')
			b = AppendJSON(b, f.Value)
		}
	}
	b = append(b, "}\n"...)
	w.buf = b
	w.out.Write(b)
}

// AppendJSON appends v as JSON: ints and plain ASCII strings directly, the
// rest through encoding/json (null if it cannot be encoded).
func AppendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case string:
		if isPlainASCII(x) {
			b = append(b, '"')
			b = append(b, x...)
			return append(b, '"')
		}
	}
	j, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, j...)
}

// isPlainASCII reports whether s needs no escaping in JSON.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
