# Found through pkg-config, under either name.
pkg_search_module(XML REQUIRED libxml-2.0 libxml2>=2.9)
