# SPDX-License-Identifier: Apache-2.0
# Writes a C++ file defining http::embedded_web_files() from the web UI's files (server/web/).
# Run at configure time like the schema: every file is a configure dependency, so editing or
# adding one regenerates the source and the next build picks it up. Only the text types that
# static_files.cpp knows are embedded; files are flat (no subdirectories) so a URL names a file
# by its base name and nothing else.
function(adjutant_embed_web web_dir output)
  file(GLOB web_files CONFIGURE_DEPENDS
    ${web_dir}/*.html ${web_dir}/*.js ${web_dir}/*.css ${web_dir}/*.svg ${web_dir}/*.txt)
  list(SORT web_files)
  set(entries "")
  foreach(file ${web_files})
    get_filename_component(name ${file} NAME)
    file(READ ${file} text)
    string(FIND "${text}" ")adjutant_web\"" clash)
    if(NOT clash EQUAL -1)
      message(FATAL_ERROR "${file} contains the embedding delimiter )adjutant_web\"")
    endif()
    string(APPEND entries "    EmbeddedFile{\"${name}\", R\"adjutant_web(${text})adjutant_web\"},\n")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  endforeach()
  set(content "// Generated from server/web/ by the build; do not edit.\n// A generated map is longer than the 65536 characters a compiler must accept in one literal;\n// GCC and Clang take far more, and Clang's -Wpedantic says so.\n#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n#include <array>\n\n#include \"http/static_files.h\"\n\nnamespace adjutant::http {\n\nstd::span<const EmbeddedFile> embedded_web_files() {\n    static const std::array kFiles{\n${entries}    };\n    return kFiles;\n}\n\n}  // namespace adjutant::http\n")
  # Copied rather than configured: @VAR@ in a script must stay as written. COPYONLY touches the
  # output only when it changed, so an unrelated reconfigure rebuilds nothing.
  file(WRITE ${output}.in "${content}")
  configure_file(${output}.in ${output} COPYONLY)
endfunction()
