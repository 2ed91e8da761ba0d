FROM debian:12
RUN ["apt-get", "install", "-y", "libpq5"]
