package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/godtable/godtable/lookup/pocket"
)

var (
	loadRequests = flag.Int("load.requests", 4000, "TestLoad: solve requests in all")
	loadBatches  = flag.Int("load.batches", 40, "TestLoad: batch requests in all")
	loadClients  = flag.Int("load.clients", 32, "TestLoad: concurrent clients")
)

// TestLoad runs many concurrent clients over the loopback address against
// the server, on solve (one cube a request) and on batch (1000 cubes a
// request), checks every answer against the library's, and reports
// requests per second, p50/p99 latency and peak memory. It is bounded: the
// flags set how many requests, and a minute is the most it waits.
//
//	go test ./cmd/godtable-serve -run TestLoad -v -load.requests 50000 -load.clients 64
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("short: no load test")
	}
	srv := httptest.NewServer(newHandler(io.Discard))
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: *loadClients}
	client := &http.Client{Transport: tr, Timeout: time.Minute}
	defer tr.CloseIdleConnections()

	// The cubes and their answers, from the library.
	rng := rand.New(rand.NewPCG(1, 2))
	const pool = 1000
	cubes := make([]string, pool)
	wants := make([]string, pool)
	for i := range cubes {
		c := pocket.Random(rng)
		sol, err := c.Solve(pocket.HTM)
		if err != nil {
			t.Fatal(err)
		}
		cubes[i], wants[i] = c.Facelets(), sol.String()
	}
	batchBody := strings.Join(cubes, "\n") + "\n"

	var peak atomic.Uint64
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Add(1)
	go func() {
		defer sampler.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()

	type job struct{ batch bool }
	jobs := make(chan job)
	var (
		mu        sync.Mutex
		solveLat  []time.Duration
		batchLat  []time.Duration
		answered  atomic.Int64
		failures  atomic.Int64
		firstFail atomic.Value
	)
	fail := func(format string, args ...any) {
		if failures.Add(1) == 1 {
			firstFail.Store(fmt.Sprintf(format, args...))
		}
	}
	var wg sync.WaitGroup
	for c := 0; c < *loadClients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			k := c
			for j := range jobs {
				start := time.Now()
				if j.batch {
					resp, err := client.Post(srv.URL+"/api/v1/pocket/batch", "text/plain", strings.NewReader(batchBody))
					if err != nil {
						fail("batch: %v", err)
						continue
					}
					sc := bufio.NewScanner(resp.Body)
					i := 0
					for sc.Scan() {
						var a struct{ Solution string }
						if err := json.Unmarshal(sc.Bytes(), &a); err != nil || i >= pool || a.Solution != wants[i] {
							fail("batch line %d: %q", i, sc.Text())
						}
						i++
					}
					resp.Body.Close()
					if i != pool {
						fail("batch: %d answers of %d", i, pool)
					}
					answered.Add(int64(i))
					mu.Lock()
					batchLat = append(batchLat, time.Since(start))
					mu.Unlock()
					continue
				}
				k = (k + 7919) % pool
				body := `{"state":"` + cubes[k] + `"}`
				resp, err := client.Post(srv.URL+"/api/v1/pocket/solve", "application/json", strings.NewReader(body))
				if err != nil {
					fail("solve: %v", err)
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var a struct{ Solution string }
				if resp.StatusCode != 200 || json.Unmarshal(b, &a) != nil || a.Solution != wants[k] {
					fail("solve %s: %d %s, want %s", cubes[k], resp.StatusCode, bytes.TrimSpace(b), wants[k])
				}
				answered.Add(1)
				mu.Lock()
				solveLat = append(solveLat, time.Since(start))
				mu.Unlock()
			}
		}(c)
	}
	start := time.Now()
	deadline := time.After(time.Minute)
	total := *loadRequests + *loadBatches
	sent := 0
feed:
	for i := 0; i < total; i++ {
		// The batches are spread among the single requests.
		j := job{batch: *loadBatches > 0 && i%(total / *loadBatches) == 0 && sent < *loadBatches}
		if j.batch {
			sent++
		}
		select {
		case jobs <- j:
		case <-deadline:
			t.Errorf("stopped at the time limit after %d of %d requests", i, total)
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	sampler.Wait()

	if n := failures.Load(); n > 0 {
		t.Fatalf("%d wrong or lost answers; the first: %v", n, firstFail.Load())
	}
	wantAnswers := int64(len(solveLat) + len(batchLat)*pool)
	if answered.Load() != wantAnswers || len(solveLat)+len(batchLat) != total {
		t.Fatalf("%d requests done of %d, %d answers", len(solveLat)+len(batchLat), total, answered.Load())
	}
	q := func(l []time.Duration, p float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		slices.Sort(l)
		return l[min(len(l)-1, int(p*float64(len(l))))]
	}
	t.Logf("%d clients, %d solve requests and %d batch requests of %d cubes in %.2fs, on %d CPUs",
		*loadClients, len(solveLat), len(batchLat), pool, elapsed.Seconds(), runtime.GOMAXPROCS(0))
	t.Logf("requests/s %.0f; cubes answered/s %.0f", float64(total)/elapsed.Seconds(), float64(answered.Load())/elapsed.Seconds())
	t.Logf("solve latency p50 %v p99 %v; batch latency p50 %v p99 %v",
		q(solveLat, 0.50).Round(time.Microsecond), q(solveLat, 0.99).Round(time.Microsecond),
		q(batchLat, 0.50).Round(time.Microsecond), q(batchLat, 0.99).Round(time.Microsecond))
	t.Logf("peak heap in use %.1f MiB (server and clients in one process)", float64(peak.Load())/(1<<20))
}
