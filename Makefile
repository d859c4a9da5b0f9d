# godtable: make test runs what CI runs.
GO ?= go

.PHONY: all build web test generate bench fuzz stream clean

all: build

# The command, and beside it the server that "godtable serve" runs. Without
# cgo: the server links net, which otherwise makes it a dynamically linked
# program (the command links neither net nor the server, so that a one-shot
# answer loads neither; cmd/godtable's TestNoServerLinked keeps it so).
build:
	CGO_ENABLED=0 $(GO) build -o bin/godtable ./cmd/godtable
	CGO_ENABLED=0 $(GO) build -o bin/godtable-serve ./cmd/godtable-serve

# The page as static files that solve in the browser with no server: the
# page, the server (cmd/godtable-serve) built to WebAssembly and Go's
# wasm_exec.js, in bin/web
# for any static file host (gen/web; the browser test writes the same).
web:
	rm -rf bin/web
	$(GO) run ./gen/web -go $(GO) -o bin/web

# The test suite: vet, every test (the exhaustive proofs whole; go test
# -short runs each on a sample), the race detector on the concurrency tests,
# and the check that the committed tables are what go generate makes. No
# test binary takes two minutes on a quiet two-core machine; TESTTIMEOUT
# leaves room for one four times slower, or as loaded.
TESTTIMEOUT ?= 15m
# The packages with concurrency tests (Test...Concurrent..., Test...Race...):
# only they are built again with the race detector, which on a fresh
# machine takes a third of the time of building every package so.
RACEPKGS = $(shell grep -rlE --include='*_test.go' 'func Test[A-Za-z0-9_]*(Concurrent|Race)' . | xargs -n1 dirname | sort -u)
test:
	$(GO) vet ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) test -timeout $(TESTTIMEOUT) ./...
	$(GO) test -timeout $(TESTTIMEOUT) -race -run "Concurrent|Race" $(RACEPKGS)
	$(GO) generate ./tables && git diff --exit-code -- tables && test -z "$$(git status --porcelain -- tables)" || { echo "stale: the committed tables differ from go generate"; exit 1; }

generate:
	$(GO) generate ./...

# Every fuzz target for FUZZTIME each (CI runs them for a few seconds).
FUZZTIME ?= 60s
fuzz:
	.ci/fuzz $(FUZZTIME)

# Ten million states through the command: peak resident memory stays flat.
STREAM ?= 10000000
stream: build
	bin/godtable scramble pocket -n $(STREAM) --seed 1 | cut -f1 | \
		/usr/bin/time -f "solve pocket: %e s, peak resident memory %M KB" bin/godtable solve pocket >/dev/null

bench:
	$(GO) test -run '^$$' -bench . -count 5 ./...

clean:
	rm -rf bin
