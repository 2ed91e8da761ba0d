CMakeFiles/app.dir/main.cpp.o: /home/dev/recorded/main.cpp \
 /usr/include/stdc-predef.h /usr/include/sqlite3.h \
 /usr/include/nlohmann/json.hpp \
 /home/dev/recorded/cmake-build-debug/_deps/fmt-src/include/fmt/core.h \
 /usr/include/zstd.h
