find_package(fmt 9 REQUIRED)
find_package(CURL)
