package pocket

import "fmt"

// Metric is how the length of a solution is counted. The zero
// Metric is HTM. Any value other than HTM and QTM is invalid: the methods
// and functions that take a Metric give an error for it ("unknown metric 7").
type Metric int

const (
	// HTM, the half-turn metric: every move counts 1.
	HTM Metric = iota
	// QTM, the quarter-turn metric: a half turn (R2, U2, F2) counts 2.
	QTM
)

// ParseMetric reads "htm" or "qtm" (or "HTM", "QTM"). Anything else gives
// HTM and a one-line error naming the input, such as: unknown metric "x"
// (want htm or qtm). It is a plain error, with no type or class to test.
func ParseMetric(s string) (Metric, error) {
	switch s {
	case "htm", "HTM":
		return HTM, nil
	case "qtm", "QTM":
		return QTM, nil
	}
	return 0, fmt.Errorf("unknown metric %q (want htm or qtm)", s)
}

// String returns "htm" or "qtm", and "metric(N)" for an invalid value.
func (m Metric) String() string {
	switch m {
	case HTM:
		return "htm"
	case QTM:
		return "qtm"
	}
	return fmt.Sprintf("metric(%d)", int(m))
}
