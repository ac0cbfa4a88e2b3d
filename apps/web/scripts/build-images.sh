#!/usr/bin/env bash
# Regenerates src/assets/*.{png,webp,avif} from the SVG sources in src/assets/source.
# Needs rsvg-convert (librsvg2-bin), cwebp (webp) and avifenc (libavif-bin); the outputs are committed,
# so building the app never needs these tools.
set -euo pipefail
cd "$(dirname "$0")/../src/assets"
for svg in source/*.svg; do
  name="$(basename "$svg" .svg)"
  rsvg-convert "$svg" -o "$name.png"
  cwebp -quiet -q 80 "$name.png" -o "$name.webp"
  avifenc --jobs 2 --min 20 --max 40 "$name.png" "$name.avif" >/dev/null
done
ls -l
