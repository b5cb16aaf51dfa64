# pgnlint — make targets. `make run` lints the built-in sample; `make test`
# runs the whole test suite (and is what CI runs).

GO ?= go
SHARED ?= ../shared

.PHONY: run test vet fmt-check fuzz perft-deep bench build

build:
	$(GO) build -o bin/pgnlint ./cmd/pgnlint

# The sample has deliberate mistakes, so pgnlint exits 1; only 2 (usage or
# I/O trouble) is a failure here.
run: build
	@bin/pgnlint lint --snippets --sample; status=$$?; test $$status -le 1

test: vet fmt-check
	$(GO) test ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# Coverage-guided fuzzing of the parser; FUZZTIME=10m for a long run.
FUZZTIME ?= 60s
fuzz:
	$(GO) test ./lint -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) -fuzzminimizetime 5s

# Deeper perft suites than `make test` runs.
perft-deep:
	PGNLINT_PERFT_DEEP=1 $(GO) test ./semantic/... -run Perft -timeout 60m

bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem
