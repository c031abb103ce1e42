# Finds what the tsfs Python module needs (Debian: python3-dev, pybind11-dev, python3-numpy) and
# sets TSFS_PYTHON_FOUND. A missing part turns the module off with a note, never the build: the C++
# runner and its tests build without Python, and `make test` then reports the Python tests as not
# run (the top-level CMakeLists.txt adds a test that says so).
set(TSFS_PYTHON_FOUND OFF)
# The interpreter, unless -DPython3_EXECUTABLE=... names one: the first python3 on PATH that has
# numpy and its C headers (pyenv's or a virtual environment's, say), else Debian's
# /usr/bin/python3 when it has them (scripts/install-deps.sh installs python3-numpy and
# python3-dev there). Choosing another recompiles only the module: the core is the same.
if(NOT Python3_EXECUTABLE)
  tsfs_pick_python(_tsfs_module_python _tsfs_module_python_why
    "import numpy, os, sysconfig; assert os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))"
    "numpy and Python.h")
  if(_tsfs_module_python)
    set(Python3_EXECUTABLE "${_tsfs_module_python}" CACHE FILEPATH "The Python of the tsfs module")
  endif()
  message(STATUS "tsfs Python module: interpreter ${_tsfs_module_python_why}")
endif()
# Development.Embed (libpython) lets the runner embed the interpreter for specs with Python
# components; without it the module still builds and the runner refuses them by name.
find_package(Python3 COMPONENTS Interpreter Development.Module OPTIONAL_COMPONENTS Development.Embed
  QUIET)
find_package(pybind11 2.6 CONFIG QUIET)
set(_tsfs_python_missing "")
if(NOT Python3_FOUND)
  list(APPEND _tsfs_python_missing "python3-dev")
endif()
if(NOT pybind11_FOUND)
  list(APPEND _tsfs_python_missing "pybind11-dev")
endif()
if(Python3_FOUND)
  # numpy is needed at run time only (pybind11 reaches its C API through the interpreter), but a
  # module that cannot be imported is worth no build: check the interpreter CMake found has it.
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import numpy"
    RESULT_VARIABLE _tsfs_numpy_status OUTPUT_QUIET ERROR_QUIET)
  if(NOT _tsfs_numpy_status EQUAL 0)
    list(APPEND _tsfs_python_missing "python3-numpy (for ${Python3_EXECUTABLE})")
  endif()
endif()
if(_tsfs_python_missing)
  list(JOIN _tsfs_python_missing ", " _tsfs_python_missing_text)
  set(TSFS_PYTHON_MISSING_NOTE "the tsfs Python module was not built (missing "
    "${_tsfs_python_missing_text}), so the Python tests did not run: scripts/install-deps.sh "
    "installs what it needs, or -DPython3_EXECUTABLE=... (CMAKE_ARGS=... with make) picks an "
    "interpreter that has it")
  string(CONCAT TSFS_PYTHON_MISSING_NOTE ${TSFS_PYTHON_MISSING_NOTE})
  message(STATUS "tsfs Python module: not built, missing ${_tsfs_python_missing_text} "
    "(scripts/install-deps.sh installs them; -DPython3_EXECUTABLE=... picks the interpreter)")
else()
  set(TSFS_PYTHON_FOUND ON)
  message(STATUS "tsfs Python module: built for ${Python3_EXECUTABLE} (${Python3_VERSION})")
endif()
