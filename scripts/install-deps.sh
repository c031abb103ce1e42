#!/usr/bin/env bash
# Installs the Debian packages tsfs builds with, if any is missing: the C++ libraries, the mold
# linker and Ninja, and Python 3
# with pybind11, numpy, pandas, scikit-learn and pytest for the `tsfs` Python module and its
# tests (python/, docs/python.md; CMake skips the module when they are absent); pandas and SciPy also
# for the claims check of results/*/README.md (scripts/claims/, ctest label `claims`, which recomputes
# the comparisons with scipy.stats). As root it runs apt-get;
# otherwise it prints the exact command to run and fails. `--ci` adds what CI checks with:
# clang-format, git (the formatted file list), util-linux (setpriv, mount: the tests of unwritable
# and full output folders; nsenter, unshare), ccache (CI's rebuilds), munge, slurmctld, slurmd, slurm-client, iproute2
# (make test-slurm's two-node cluster: ip netns, veth, bridge), and Clang with its runtime
# libraries for `make fuzz` (libFuzzer and the sanitizer runtimes are in libclang-rt-14-dev,
# only a Recommends of Debian 12's clang, which --no-install-recommends would skip), and headless
# Chromium with its WebDriver, Selenium and PIL for the browser tests of report.html
# (tests/browser/, ctest label `browser`).
set -euo pipefail
packages=(cmake g++ make pkg-config libeigen3-dev libspectra-dev libsvm-dev liblinear-dev libyaml-cpp-dev
          libspdlog-dev libfmt-dev doctest-dev zlib1g-dev libxxhash-dev libbenchmark-dev libfftw3-dev libmimalloc-dev
          gnuplot-nox libboost-dev mold ninja-build
          python3-dev pybind11-dev python3-numpy python3-pandas python3-scipy python3-sklearn python3-pytest)
if [ "${1:-}" = "--ci" ]; then
  packages+=(clang-format git util-linux mount munge slurmctld slurmd slurm-client iproute2 clang
            libclang-rt-14-dev ccache universal-ctags chromium chromium-driver python3-selenium
            python3-pil)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "tsfs needs these Debian packages; run as root:" >&2
  echo "  apt-get update && $command" >&2
  exit 1
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
$command
