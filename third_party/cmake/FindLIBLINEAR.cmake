# Finds Debian's liblinear-dev (header <linear.h>, liblinear.a / liblinear.so) and defines the
# imported target LIBLINEAR::LIBLINEAR.
find_path(LIBLINEAR_INCLUDE_DIR NAMES linear.h)
find_library(LIBLINEAR_LIBRARY NAMES linear)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LIBLINEAR REQUIRED_VARS LIBLINEAR_LIBRARY LIBLINEAR_INCLUDE_DIR)
if(LIBLINEAR_FOUND AND NOT TARGET LIBLINEAR::LIBLINEAR)
  add_library(LIBLINEAR::LIBLINEAR UNKNOWN IMPORTED)
  set_target_properties(LIBLINEAR::LIBLINEAR PROPERTIES
    IMPORTED_LOCATION "${LIBLINEAR_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LIBLINEAR_INCLUDE_DIR}")
endif()
mark_as_advanced(LIBLINEAR_INCLUDE_DIR LIBLINEAR_LIBRARY)
