# Build: docker build -t bourre .   Run it with its database: see compose.yaml.

FROM rust:1-bookworm AS builder
WORKDIR /app
COPY . .
RUN cargo build --release --locked

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --user-group --no-create-home bourre
COPY --from=builder /app/target/release/bourre /usr/local/bin/bourre
USER bourre
EXPOSE 8080
ENV BOURRE_BIND=0.0.0.0:8080
CMD ["bourre", "serve"]
