# Thin wrapper over CMake/CTest. `make demo` and `make test` are all a fresh Debian machine needs.
BUILD ?= build
JOBS ?= $(shell nproc)
# Extra CMake options, e.g. CMAKE_ARGS=-DTSFS_WERROR=ON (CI) or a compiler launcher.
CMAKE_ARGS ?=
# The interpreter of the claims checks (scripts/claims/: the standard library and pandas): the
# first python3 on PATH with pandas, else Debian's /usr/bin/python3 (as CMake chooses for ctest).
PYTHON ?= $(shell for python in python3 /usr/bin/python3; do \
  "$$python" -c 'import pandas, scipy' 2>/dev/null && { command -v "$$python"; exit; }; done; echo python3)
SANITIZE_BUILD ?= build-sanitize
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FORMATTED = $$(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'benchmarks/*.cpp' \
  'python/src/*.cpp' 'python/src/*.hpp')

.PHONY: all deps configure build demo docs test test-slurm test-sanitize bench bench-floors reproduce reproduce-nested archive archive-full archive-full-checks archive-full-forest baselines toolbox check-claims check-shape format format-check clean fuzz

all: build

deps:
	@scripts/install-deps.sh

# ccache, when installed, makes a rebuild after a change of flags (or a second clone) cheap.
# Ninja when installed (it schedules the compile jobs better than make's recursion), unless the
# build folder was configured with another generator.
# GCC unless CXX says otherwise: Clang 14 compiles tsfs with 30% less CPU (`CXX=clang++ make
# demo`: 129 s instead of 176-210 s from a fresh clone) and gives the same numbers
# (-ffp-contract=off, CMakeLists.txt), but some of its feature and distance code runs slower
# (catch22 extraction 17-26%, six catch22 features 30-60%; docs/architecture.md, "Build").
generator = $(if $(and $(shell command -v ninja),$(if $(wildcard $(1)/CMakeCache.txt),$(wildcard $(1)/build.ninja),yes)),-G Ninja)
configure: deps
	cmake -S . -B $(BUILD) $(call generator,$(BUILD)) -DCMAKE_BUILD_TYPE=Release \
	  $(if $(shell command -v ccache),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache) $(CMAKE_ARGS)

build: configure
	cmake --build $(BUILD) -j$(JOBS)

# Only the runner: the demo needs none of the test and benchmark programs.
demo: configure
	cmake --build $(BUILD) -j$(JOBS) --target runner
	$(BUILD)/runner configs/wafer_sigma.yaml
	@echo "results: results/wafer_sigma/ (results.csv, tables/Wafer.md, scores.csv, manifest.json)"

# docs/components.md, generated from the registries; docs/spec.md's table of top-level keys and
# docs/outputs.md's tables, generated from src/config/spec_keys.cpp and
# src/sweep/store/output_tables.cpp between their begin/end markers. The tests "docs/components.md
# is runner list --markdown", "docs/spec.md's table of keys is spec_keys_markdown()" and
# "docs/outputs.md's tables are output_tables_markdown()" fail when any is stale.
# $(call splice_generated,PAGE,OPTION): the lines between PAGE's markers of `runner list OPTION`
# replaced by that command's output.
define splice_generated
	$(BUILD)/runner list $(2) > docs/generated.tmp
	awk -v table=docs/generated.tmp -v marker='runner list $(2)' \
	  'index($$0, "<!-- end: `" marker "`") == 1 { skip = 0 } !skip { print } \
	  index($$0, "<!-- begin: `" marker "`") == 1 { while ((getline line < table) > 0) print line; \
	  skip = 1 }' docs/$(1) > docs/$(1).tmp && mv docs/$(1).tmp docs/$(1)
	rm -f docs/generated.tmp
endef
docs: configure
	cmake --build $(BUILD) -j$(JOBS) --target runner
	$(BUILD)/runner list --markdown > docs/components.md.tmp && mv docs/components.md.tmp docs/components.md
	$(call splice_generated,spec.md,--spec-keys)
	$(call splice_generated,outputs.md,--outputs)

# The `slurm` tests need a cluster: `make test-slurm` below. The Python tests (ctest label
# `python`) run here too when the module is built.
# Its last lines say which tests a missing dependency kept out, and how to bring them in.
test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -LE slurm; status=$$?; \
	  if [ -s tests-not-run.txt ]; then echo "NOT RUN:"; sed 's/^/  /' tests-not-run.txt; fi; \
	  exit $$status

# Sharded runs on a real Slurm: brings up a cluster of two nodes on this machine (root and
# CAP_NET_ADMIN; two slurmd, each in its own network and UTS namespace; Debian's slurm-wlm and
# munge, installed if missing), runs the ctest label `slurm`, and stops the cluster.
test-slurm: build
	scripts/slurm-test-cluster.sh up
	cd $(BUILD) && ctest --output-on-failure -L slurm; status=$$?; \
	  cd $(CURDIR) && scripts/slurm-test-cluster.sh down; exit $$status

# The unit and integration tests under AddressSanitizer + UndefinedBehaviorSanitizer, in their
# own build folder, built with Clang, whose objects the libFuzzer harnesses of `make fuzz` share
# (one sanitizer build for both; the readers' sources also get libFuzzer's coverage, which the
# sanitizer runtime accepts in a test program). Without the Python module (an ASan-built
# extension cannot be loaded into the uninstrumented interpreter), whose tests ctest then lists as
# not run, without the claims checks (Python reading the committed CSVs: no C++ to instrument) and
# the browser tests (Chromium's time; the page's C++ has its unit tests here),
# and without the test cases named "long: " (reference agreement on the archive's larger
# datasets: the same functions as the smaller cases, about ten times slower under the
# sanitizers, 174 s for WormsTwoClass). -O1 with line tables (-g1), assertions on: -O0 makes the
# numeric tests too slow and -O2 -g the build, for the CI budget. Unity batches of 32 files: 15%
# less wall time than 16 on 2 cores (794 s against 934 s, fresh builds), for 0.5 GiB more memory.
# The unit tests run as 8 processes (TSFS_TEST_SHARDS), not one per test case: an instrumented
# process takes 0.1-0.3 s to start. The test programs' own code at -O0 (TSFS_TEST_OPTIMIZATION),
# which halves its compile time under the sanitizers; the core they test stays at -O1.
NEEDS_CLANG = @command -v clang++ >/dev/null || { echo "make $@ needs Clang and its sanitizer and libFuzzer runtimes: apt-get install -y clang libclang-rt-14-dev (or scripts/install-deps.sh --ci)"; exit 2; }
SANITIZE_CONFIGURE = cmake -S . -B $(SANITIZE_BUILD) $(call generator,$(SANITIZE_BUILD)) \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DTSFS_FUZZ=ON \
	  -DTSFS_BUILD_BENCHMARKS=OFF -DTSFS_PYTHON=OFF -DTSFS_UNITY_BATCH_SIZE=32 -DTSFS_TEST_SHARDS=8 \
	  -DTSFS_TEST_OPTIMIZATION=-O0 \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS)" \
	  -DCMAKE_EXE_LINKER_FLAGS="$(SANITIZE_FLAGS)" $(CMAKE_ARGS)
test-sanitize: deps
	$(NEEDS_CLANG)
	$(SANITIZE_CONFIGURE)
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)
	cd $(SANITIZE_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j$(JOBS) -LE "slurm|claims|browser" \
	  -E "^long: "

# The study's figures (experiments/report/*.yaml), each under the study's protocol and with
# stratified 5x5-fold CV; results and figures land in results/report/<spec name>/.
# The committed results resume (nothing to compute); RUNNER_ARGS=--fresh recomputes them, and
# removing results/report/.cache (the specs' shared cache) makes that start from a cold cache.
RUNNER_ARGS ?=
reproduce: build
	@for folds in results/report/*/folds.csv.gz; do \
	  [ -e "$${folds%.gz}" ] || gunzip --keep "$$folds"; done  # committed compressed
	@for spec in experiments/report/*.yaml; do \
	  echo "== $$spec"; $(BUILD)/runner $$spec --quiet $(RUNNER_ARGS) || exit $$?; \
	done
	@echo "figures: results/report/*/figures/ (see results/report/README.md)"
	$(PYTHON) scripts/claims/check_all.py report || [ $$? -eq 77 ]  # 77: no pandas, not checked

# Best sigma on the test split vs nested CV (results/report/README.md): about 30 s on 2 cores, kept
# out of `reproduce` so that stays fast.
reproduce-nested: build
	@for spec in experiments/report_nested/*.yaml; do \
	  echo "== $$spec"; $(BUILD)/runner $$spec --quiet || exit $$?; \
	done
	@python3 experiments/report/review_numbers.py nested

# The study across the archive (experiments/archive/, results/archive/README.md): the run, then one
# comparison of the selectors per n_features (Laplacian by its nested-CV rows), the three
# Holm-adjusted as one family (docs/comparing.md).
archive: build
	$(BUILD)/runner experiments/archive/archive.yaml --quiet
	$(BUILD)/runner compare results/archive --tuned --family n_features \
	  --by selector,variant,distance --output 'results/archive/comparison_n{}'
	# The same study with nested-CV ties broken to the last candidate: how much rests on the rule.
	$(BUILD)/runner experiments/archive/archive.yaml --quiet --set tune.ties=last \
	  --set output=results/archive/ties_last --set cache=results/archive/cache
	$(BUILD)/runner compare results/archive/ties_last --tuned --family n_features \
	  --by selector,variant,distance --output 'results/archive/ties_last/comparison_n{}'
	# The datasets with duplicated series again, their copies kept on one side of every split:
	# what keeping them was worth (results/archive/README.md, "Duplicated series").
	$(BUILD)/runner experiments/archive/archive.yaml --quiet --set duplicates=group \
	  --set 'datasets={archive: third_party/ucr, names: [ArrowHead, WormsTwoClass]}' \
	  --set output=results/archive/duplicates_group --set cache=results/archive/cache
	$(PYTHON) scripts/claims/check_all.py archive || [ $$? -eq 77 ]  # 77: no pandas, not checked

# The study across the whole UCR 2018 archive (experiments/archive-full/,
# results/archive-full/README.md): the selection methods and the SVC and 1-NN Euclidean baselines
# over 30 resamples and on the official split, the UCR archive's three 1-NN baselines on the
# official split, the comparisons (baselines beside every n_features, one Holm family each) and
# the tables of the README. The archive is $TSFS_UCR_ARCHIVE, else ../shared/data/ucr-archive.
# `make archive-full-checks` adds the README's two sensitivity runs (duplicates kept on one side,
# z-normalised 1-NN); the study's comparisons do not read them. Each run prints its stages'
# progress with the time left (--progress), nothing else but warnings (--quiet).
ARCHIVE_FULL = results/archive-full
ARCHIVE_FULL_OFFICIAL = --set 'protocol={kind: train_test}'
ARCHIVE_FULL_DUPLICATED = ArrowHead, FaceAll, FacesUCR, InsectEPGSmallTrain, MedicalImages, PLAID, \
  PowerCons, Rock, ShapesAll, Strawberry, SwedishLeaf, ToeSegmentation1, UMD, Worms, WormsTwoClass
archive-full: build
	@tuned=$(ARCHIVE_FULL)/selection/tuned.csv; \
	  [ -e "$$tuned" ] || [ ! -e "$$tuned.gz" ] || gunzip --keep "$$tuned.gz"  # committed compressed; the run resumes from it
	@for spec in official_split svc_tsfel svc_catch22 nearest_neighbour selection; do \
	  echo "== experiments/archive-full/$$spec.yaml"; \
	  $(BUILD)/runner experiments/archive-full/$$spec.yaml --quiet --progress $(RUNNER_ARGS) || exit $$?; \
	done
	@for spec in selection svc_tsfel svc_catch22; do \
	  echo "== experiments/archive-full/$$spec.yaml on the official split"; \
	  $(BUILD)/runner experiments/archive-full/$$spec.yaml --quiet --progress $(RUNNER_ARGS) \
	    $(ARCHIVE_FULL_OFFICIAL) --set output=$(ARCHIVE_FULL)/$${spec}_official || exit $$?; \
	done
	python3 experiments/archive-full/official_baselines.py
	python3 experiments/baselines/compare_published.py $(ARCHIVE_FULL)/official_split
	cd $(ARCHIVE_FULL) && $(abspath $(BUILD))/runner compare selection_official --tuned \
	  --common-datasets --by selector,variant,distance,run --beside official_baselines \
	  --beside svc_tsfel_official --beside svc_catch22_official --family n_features \
	  --output 'official_comparison_n{}'
	cd $(ARCHIVE_FULL) && $(abspath $(BUILD))/runner compare selection --tuned --common-datasets \
	  --by selector,variant,distance,run --beside svc_tsfel --beside svc_catch22 \
	  --beside nearest_neighbour --family n_features --output 'comparison_n{}'
	python3 experiments/archive-full/archive_full_numbers.py

# The catch22 classifier (catch22 features and a random forest of scikit-learn's, through `kind:
# sklearn`: experiments/archive-full/forest_catch22.yaml) on the official split, compared with SVC
# on the same features and the three 1-NN baselines (official_baselines/); after `make
# archive-full`, whose cache and official-split runs it reads. Needs the runner built with the Python module and scikit-learn.
archive-full-forest: build
	$(BUILD)/runner experiments/archive-full/forest_catch22.yaml --quiet --progress $(RUNNER_ARGS)
	cd $(ARCHIVE_FULL) && $(abspath $(BUILD))/runner compare forest_catch22_official \
	  svc_catch22_official official_baselines --common-datasets --by classifier,distance,run \
	  --output forest_comparison

# The README's sensitivity runs, after `make archive-full` (they share its cache). The selection
# run again on the 15 datasets with duplicated series, their copies kept on one side of every
# split: what keeping them was worth (README, "Duplicated series"); and the 1-NN baselines on
# z-normalised series against the archive's published error rates (README, "How exact").
archive-full-checks: build
	$(BUILD)/runner experiments/archive-full/selection.yaml --quiet --progress $(RUNNER_ARGS) \
	  --set duplicates=group --set output=$(ARCHIVE_FULL)/duplicates_group \
	  --set 'datasets={archive: ucr-2018, missing: interpolate, names: [$(ARCHIVE_FULL_DUPLICATED)]}'
	$(BUILD)/runner experiments/archive-full/official_split_z.yaml --quiet --progress $(RUNNER_ARGS)
	python3 experiments/baselines/compare_published.py $(ARCHIVE_FULL)/official_split_z

# The UCR archive's three 1-NN baselines on the vendored datasets (experiments/baselines/,
# results/baselines/README.md), then the comparison with the published error rates.
baselines: build
	$(BUILD)/runner experiments/baselines/ucr_1nn.yaml --quiet
	python3 experiments/baselines/compare_published.py

# The feature-selection course exercises (experiments/toolbox/, results/toolbox/README.md), a few
# seconds each; the fit-time example fits every cell from scratch on one thread (its comment says
# why), and the Kendall exercise also writes its rankings export.
toolbox: build
	@for spec in experiments/toolbox/*.yaml experiments/toolbox/*/*.yaml; do \
	  args="--quiet"; case $$spec in *fit_time*) args="$$args --direct-fits --threads 1";; esac; \
	  echo "== $$spec"; $(BUILD)/runner $$spec $$args $(RUNNER_ARGS) || exit $$?; \
	done
	$(BUILD)/runner rankings experiments/toolbox/kendall_all_selectors.yaml --quiet
	@for folds in results/toolbox/*/folds.csv; do gzip --keep --force -n "$$folds"; done
	@echo "figures: results/toolbox/*/figures/ (see results/toolbox/README.md)"
	$(PYTHON) scripts/claims/check_all.py toolbox || [ $$? -eq 77 ]  # 77: no pandas, not checked

# Every number of results/*/README.md against the files it comes from (scripts/claims/,
# results/<study>/claims.py): fails when a README states a number the CSVs and manifests do not
# give, or writes one by hand outside the claim markers. After a rerun,
# `python3 results/<study>/claims.py --write` refreshes the README's values. ctest runs it too
# (label `claims`), with the test that a wrong number fails. After `make reproduce`, `make archive`
# or `make toolbox` a rerun that moved a number fails here until the README is refreshed.
check-claims:
	$(PYTHON) scripts/claims/check_all.py

# No function of src/ over 6 parameters or 80 lines beyond scripts/source_shape_baseline.txt, which
# only shrinks (issue 40); ctest runs it too (label lint).
check-shape:
	$(PYTHON) scripts/check_source_shape.py

bench: build
	cmake --build $(BUILD) -j$(JOBS) --target tsfs_benchmarks
	@for b in $(BUILD)/benchmarks/*_benchmark; do echo "== $$b"; $$b; done

# The speeds won so far, as ratios of a fast path to its slow path measured in one run, each
# against its floor in benchmarks/floors.csv (scripts/bench_floors.py; about 30 s). CI runs it.
bench-floors: build
	cmake --build $(BUILD) -j$(JOBS) --target tsfs_benchmarks
	$(PYTHON) scripts/bench_floors.py $(BUILD)

format:
	clang-format -i $(FORMATTED)

format-check:
	clang-format --dry-run --Werror $(FORMATTED)

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)

# libFuzzer harnesses of the input readers (tests/fuzz/), built in the sanitizer build folder
# (Clang + ASan + UBSan, see test-sanitize: after it, nothing is left to compile) and run for
# FUZZ_SECONDS each, JOBS at a time (scripts/fuzz_harnesses.sh), starting from the committed seed
# corpus (read-only) plus the inputs found so far (SANITIZE_BUILD/corpus/). Findings (crashing
# inputs) land in SANITIZE_BUILD/findings/<harness>/ and fail the target.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES = ucr_loader ts_loader csv_matrix spec_loader cache_reader
fuzz:
	$(NEEDS_CLANG)
	$(SANITIZE_CONFIGURE)
	cmake --build $(SANITIZE_BUILD) -j$(JOBS) --target fuzz_harnesses
	scripts/fuzz_harnesses.sh $(SANITIZE_BUILD) $(FUZZ_SECONDS) $(JOBS) $(FUZZ_HARNESSES)
