// Package envaudit holds no code of the program: the packages below this
// directory do (CONTRIBUTING.md's package map says which owns what). Its
// test holds the module's import graph to the layers CONTRIBUTING.md
// lists, so the map and the code cannot drift apart.
package envaudit
