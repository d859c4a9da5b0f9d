package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNoServerLinked: the command links neither the HTTP server nor the
// network, which cost a one-shot answer more than the answer itself
// (BenchmarkColdStart in internal/app); "serve" runs godtable-serve.
func TestNoServerLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	for _, d := range deps {
		switch {
		case d == "net" || strings.HasPrefix(d, "net/"),
			strings.HasPrefix(d, "crypto/tls"), strings.HasPrefix(d, "crypto/x509"),
			strings.HasSuffix(d, "/cmd/godtable-serve"):
			t.Errorf("the command links %s", d)
		}
	}
	if len(deps) < 10 {
		t.Fatalf("go list named only %q", deps)
	}
}

// build builds the packages (import paths relative to this one) into dir.
func build(t *testing.T, dir string, pkgs ...string) {
	t.Helper()
	for _, p := range pkgs {
		cmd := exec.Command("go", "build", "-o", dir+string(filepath.Separator), p)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", p, err, out)
		}
	}
}

// TestServeRunsTheServer: "godtable serve" runs godtable-serve from beside
// the command, which answers the API on the address given and stops
// gracefully, with status 0, on SIGTERM sent to the process the caller
// started.
func TestServeRunsTheServer(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds two programs and signals one")
	}
	dir := t.TempDir()
	build(t, dir, ".", "../godtable-serve")
	cmd := exec.Command(filepath.Join(dir, "godtable"), "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir()) // not found on PATH: beside
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	logs := bufio.NewReader(stderr)
	first, err := logs.ReadString('\n')
	if err != nil {
		t.Fatalf("no first log line: %v", err)
	}
	_, url, ok := strings.Cut(strings.TrimSpace(first), "serving on ")
	if !ok {
		t.Fatalf("first log line %q, want serving on URL", first)
	}
	client := http.Client{Timeout: 30 * time.Second}
	resp, err := client.Post(url+"api/v1/pocket/solve", "application/json", strings.NewReader(`{"state":"UUUULRBFRLFBLRBFRLFBDDDD"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"solution":"R2 F2 R2"`) {
		t.Errorf("solve: %d %s", resp.StatusCode, body)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(logs)
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v\n%s", err, rest)
	}
	if !strings.Contains(string(rest), "shutting down") {
		t.Errorf("no graceful stop in the log:\n%s", rest)
	}
}

// TestServeWithoutServer: with no godtable-serve beside the command or on
// PATH, "godtable serve" says so in one line, with how to get it, and exits
// with the usage status.
func TestServeWithoutServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	build(t, dir, ".")
	cmd := exec.Command(filepath.Join(dir, "godtable"), "serve")
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir())
	out, err := cmd.CombinedOutput()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit %v, want status 2; said %q", err, out)
	}
	msg := string(out)
	if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "godtable: serve: ") || !strings.Contains(msg, "go install github.com/godtable/godtable/cmd/godtable-serve") {
		t.Errorf("said %q, want one line naming godtable-serve and how to install it", msg)
	}
}
