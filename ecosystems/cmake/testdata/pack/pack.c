/* pack compresses a message with zstd and prints the library versions. */
#include <openssl/crypto.h>
#include <stdio.h>
#include <string.h>
#include <zstd.h>

int main(void) {
  const char msg[] = "hello hello hello hello hello";
  char out[256];
  size_t n = ZSTD_compress(out, sizeof out, msg, sizeof msg, 3);
  if (ZSTD_isError(n)) {
    fprintf(stderr, "compress: %s\n", ZSTD_getErrorName(n));
    return 1;
  }
  printf("zstd %s packed %zu bytes into %zu; %s\n", ZSTD_versionString(), sizeof msg, n,
         OpenSSL_version(OPENSSL_VERSION));
  return 0;
}
