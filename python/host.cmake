# The Python host of Python components (src/python_host.cpp, with the value conversions it shares
# with the module, src/params.cpp): an object library that python/CMakeLists.txt links into the
# module and the runner. Included by the top-level CMakeLists.txt before the core is defined (see
# there why), so paths are relative to this file.
set(TSFS_PYTHON_HOST_SOURCES "${CMAKE_CURRENT_LIST_DIR}/src/python_host.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/src/params.cpp")
add_library(tsfs_python_host OBJECT ${TSFS_PYTHON_HOST_SOURCES})
target_link_libraries(tsfs_python_host PRIVATE tsfs_core PUBLIC pybind11::pybind11)
target_compile_options(tsfs_python_host PRIVATE ${TSFS_WARNINGS})
set_target_properties(tsfs_python_host PROPERTIES POSITION_INDEPENDENT_CODE ON
  CXX_VISIBILITY_PRESET hidden)
