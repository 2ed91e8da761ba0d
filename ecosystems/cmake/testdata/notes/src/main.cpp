// notes stores two notes in an in-memory SQLite database and prints them
// back as JSON.
#include <sqlite3.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

int main() {
  sqlite3* db = nullptr;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    std::cerr << "open: " << sqlite3_errmsg(db) << "\n";
    return 1;
  }
  char* err = nullptr;
  const char* setup =
      "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT);"
      "INSERT INTO notes(body) VALUES ('buy milk'), ('call home');";
  if (sqlite3_exec(db, setup, nullptr, nullptr, &err) != SQLITE_OK) {
    std::cerr << "exec: " << err << "\n";
    sqlite3_free(err);
    return 1;
  }
  nlohmann::json out = nlohmann::json::array();
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db, "SELECT id, body FROM notes ORDER BY id", -1, &st, nullptr);
  while (sqlite3_step(st) == SQLITE_ROW) {
    out.push_back({{"id", sqlite3_column_int(st, 0)},
                   {"body", reinterpret_cast<const char*>(sqlite3_column_text(st, 1))}});
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  std::cout << out.dump() << "\n";
  return 0;
}
