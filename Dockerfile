# SPDX-License-Identifier: Apache-2.0
# Adjutant campaign server (docs/deploy.md). Build: docker build -t adjutant .
# Run:   docker run -p 8080:8080 -v adjutant-data:/data adjutant
#        docker run -it -p 8080:8080 -v adjutant-data:/data adjutant serve --demo
# The image runs no demo by default: the demo prints its tokens, and a container's standard
# output stays in its logs. `--demo` on the command line asks for one.

FROM debian:12 AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
        g++ cmake ninja-build pkg-config \
        libboost-dev libcli11-dev libsqlite3-dev libspdlog-dev libfmt-dev nlohmann-json3-dev \
        libsodium-dev libgmime-3.0-dev libcurl4-openssl-dev libpq-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake -S . -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release -DADJUTANT_TESTS=OFF \
        -DCMAKE_INSTALL_PREFIX=/usr \
    && cmake --build /build --target adjutant -j2 \
    && DESTDIR=/staging cmake --install /build --strip

FROM debian:12-slim
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="adjutant" \
      org.opencontainers.image.description="Play-by-email Diplomacy and wargame adjudication server" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.documentation="/usr/share/doc/adjutant/README.md" \
      org.opencontainers.image.base.name="docker.io/library/debian:12-slim"
RUN apt-get update && apt-get install -y --no-install-recommends \
        libsqlite3-0 libspdlog1.10 libfmt9 libsodium23 libgmime-3.0-0 libglib2.0-0 libcurl4 \
        libpq5 tzdata curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /data --shell /usr/sbin/nologin adjutant \
    && mkdir -p /data && chown adjutant:adjutant /data
COPY --from=build /staging/usr/bin/adjutant /usr/bin/adjutant
COPY --from=build /staging/usr/share/adjutant /usr/share/adjutant
COPY --from=build /staging/usr/share/doc/adjutant /usr/share/doc/adjutant
COPY deploy/docker-config.json /etc/adjutant/adjutant.json
# The command line inside finds the variants and the config by itself:
#   docker exec CONTAINER adjutant replay
#   docker run --rm -i adjutant adjudicate --variant standard --orders /dev/stdin < orders.txt
ENV ADJUTANT_VARIANTS=/usr/share/adjutant/variants \
    ADJUTANT_CONFIG=/etc/adjutant/adjutant.json
USER adjutant
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/adjutant"]
CMD ["serve"]
