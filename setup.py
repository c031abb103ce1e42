"""Builds tsfs's extension for `pip install` by running the project's CMake (target tsfs_python)
and copying the module into the wheel; pyproject.toml holds the metadata.

TSFS_BUILD_DIR picks the CMake build folder (default: build-python/ in the checkout, kept, so a
second install only relinks), TSFS_CMAKE_ARGS adds CMake options, TSFS_JOBS the parallel jobs."""
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, extension):
        build = Path(os.environ.get("TSFS_BUILD_DIR", ROOT / "build-python"))
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPython3_EXECUTABLE={sys.executable}", "-DTSFS_BUILD_TESTS=OFF",
                     "-DTSFS_BUILD_BENCHMARKS=OFF"]
        configure += shlex.split(os.environ.get("TSFS_CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = os.environ.get("TSFS_JOBS", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "tsfs_python", "-j", jobs],
                       check=True)
        built = next((build / "python" / "tsfs").glob("_tsfs*.so"), None)
        if built is None:
            raise RuntimeError(f"CMake built no tsfs module in {build}/python/tsfs; is pybind11-dev "
                               "installed? (scripts/install-deps.sh)")
        target = Path(self.get_ext_fullpath(extension.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[Extension("tsfs._tsfs", sources=[])], cmdclass={"build_ext": CMakeBuild})
