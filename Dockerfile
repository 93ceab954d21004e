# Adjutant campaign server. Build: docker build -t adjutant .
# Run:   docker run -p 8080:8080 -v adjutant-data:/data adjutant
# The first start on an empty volume creates a demo game and prints how to play it.

FROM debian:12 AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
        g++ cmake ninja-build pkg-config \
        libboost-dev libsqlite3-dev libspdlog-dev libfmt-dev nlohmann-json3-dev libsodium-dev \
        libgmime-3.0-dev libcurl4-openssl-dev \
        doctest-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN cmake -S . -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release -DADJUTANT_TESTS=OFF \
    && cmake --build /build --target adjutant -j2 \
    && strip /build/server/adjutant

FROM debian:12-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
        libsqlite3-0 libspdlog1.10 libfmt9 libsodium23 libgmime-3.0-0 libcurl4 \
        curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /data --shell /usr/sbin/nologin adjutant \
    && mkdir -p /data /etc/adjutant && chown adjutant:adjutant /data
COPY --from=build /build/server/adjutant /usr/local/bin/adjutant
COPY config/variants /usr/share/adjutant/variants
COPY deploy/docker-config.json /etc/adjutant/adjutant.json
USER adjutant
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/adjutant"]
CMD ["serve", "--config", "/etc/adjutant/adjutant.json"]
