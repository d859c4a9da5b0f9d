package cube3

// Coordinates: numbers for parts of a position, each moved by a table.
//
//	twist        the corners' twists, 3^7 = 2,187
//	flip         the edges' flips, 2^11 = 2,048
//	sliceSorted  where the four UD-slice edges (FR FL BL BR) are, and in
//	             which order: 12·11·10·9 = 11,880; divided by 24 it is
//	             slice, where they are in any order (495)
//	cperm        the corners' permutation, 8! = 40,320

const (
	nTwist       = 2187
	nFlip        = 2048
	nSlice       = 495
	nSliceSorted = 11880
	nCperm       = 40320
)

func twistOf(c *Cubie) uint16 {
	t := 0
	for i := 0; i < 7; i++ {
		t = 3*t + int(c.CO[i])
	}
	return uint16(t)
}

func setTwist(c *Cubie, t int) {
	sum := 0
	for i := 6; i >= 0; i-- {
		c.CO[i] = uint8(t % 3)
		sum += t % 3
		t /= 3
	}
	c.CO[7] = uint8((3 - sum%3) % 3)
}

func flipOf(c *Cubie) uint16 {
	f := 0
	for i := 0; i < 11; i++ {
		f = 2*f + int(c.EO[i])
	}
	return uint16(f)
}

func setFlip(c *Cubie, f int) {
	sum := 0
	for i := 10; i >= 0; i-- {
		c.EO[i] = uint8(f & 1)
		sum += f & 1
		f >>= 1
	}
	c.EO[11] = uint8(sum % 2)
}

// binom[n][k] is n choose k.
var binom = func() (b [13][5]int) {
	for n := 0; n < 13; n++ {
		b[n][0] = 1
		for k := 1; k < 5 && k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

// sliceSortedOf: the set of the four positions holding the slice edges,
// ranked in the colex order (0..494), times 24, plus the rank of the order
// in which the slice edges stand in those positions.
func sliceSortedOf(c *Cubie) uint16 {
	set, k := 0, 0
	var order [4]uint8
	for i := 0; i < 12; i++ {
		if c.EP[i] >= FR {
			set += binom[i][k+1]
			order[k] = c.EP[i] - FR
			k++
		}
	}
	return uint16(set*24 + permRank(order[:]))
}

// setSliceSorted places the slice edges as the coordinate says and the
// other edges in order in the positions left.
func setSliceSorted(c *Cubie, v int) {
	set, ord := v/24, v%24
	var order [4]uint8
	permUnrank(order[:], ord)
	// The colex rank's positions, largest first.
	var pos [4]int
	for k, n := 3, 11; k >= 0; k-- {
		for binom[n][k+1] > set {
			n--
		}
		pos[k] = n
		set -= binom[n][k+1]
		n--
	}
	for i := range c.EP {
		c.EP[i] = 255
	}
	for k, p := range pos {
		c.EP[p] = FR + order[k]
	}
	next := uint8(0)
	for i := range c.EP {
		if c.EP[i] == 255 {
			c.EP[i] = next
			next++
		}
	}
}

// permRank ranks a permutation of 0..n-1 (Lehmer code).
func permRank(p []uint8) int {
	r := 0
	for i := range p {
		smaller := 0
		for j := i + 1; j < len(p); j++ {
			if p[j] < p[i] {
				smaller++
			}
		}
		r = r*(len(p)-i) + smaller
	}
	return r
}

// permUnrank is permRank's inverse.
func permUnrank(p []uint8, r int) {
	n := len(p)
	digits := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		digits[i] = r % (n - i)
		r /= n - i
	}
	used := make([]bool, n)
	for i := 0; i < n; i++ {
		k := digits[i]
		for j := 0; j < n; j++ {
			if !used[j] {
				if k == 0 {
					p[i] = uint8(j)
					used[j] = true
					break
				}
				k--
			}
		}
	}
}

func cpermOf(c *Cubie) uint16 { return uint16(permRank(c.CP[:])) }

func setCperm(c *Cubie, v int) { permUnrank(c.CP[:], v) }

// moveTable builds a coordinate's table: entry v*18+m is the coordinate
// after move m from a cube whose coordinate is v.
func moveTable(n int, set func(*Cubie, int), get func(*Cubie) uint16) []uint16 {
	t := make([]uint16, n*NMoves)
	for v := 0; v < n; v++ {
		c := Solved
		set(&c, v)
		for m := 0; m < NMoves; m++ {
			d := c.Apply(Move(m))
			t[v*NMoves+m] = get(&d)
		}
	}
	return t
}

// moveTables are the four coordinates' move tables.
type moveTables struct {
	twist, flip, sliceSorted, cperm []uint16
	slice                           []uint16 // slice×18, from sliceSorted
}

func newMoveTables() *moveTables {
	t := &moveTables{
		twist:       moveTable(nTwist, setTwist, twistOf),
		flip:        moveTable(nFlip, setFlip, flipOf),
		sliceSorted: moveTable(nSliceSorted, setSliceSorted, sliceSortedOf),
		cperm:       moveTable(nCperm, setCperm, cpermOf),
	}
	t.slice = make([]uint16, nSlice*NMoves)
	for s := 0; s < nSlice; s++ {
		for m := 0; m < NMoves; m++ {
			t.slice[s*NMoves+m] = t.sliceSorted[s*24*NMoves+m] / 24
		}
	}
	return t
}
