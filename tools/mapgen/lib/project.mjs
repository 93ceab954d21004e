// SPDX-License-Identifier: Apache-2.0
// Projects GeoJSON (lon/lat) into pixel polygons clipped to the map's rectangle, through
// d3-geo's stream so that its antimeridian and rectangle clipping do the hard part. Rings come
// out of the stream without saying which are holes, so they are recombined by XOR (even-odd),
// which is right for any polygon whose rings do not cross.

import polygonClipping from "polygon-clipping";

export function projectToPixels(geojson, projection) {
  const rings = [];
  let ring = null;
  const sink = {
    point(x, y) { ring.push([x, y]); },
    lineStart() { ring = []; },
    lineEnd() {
      if (ring.length >= 3) {
        const [x0, y0] = ring[0], [x1, y1] = ring[ring.length - 1];
        if (x0 !== x1 || y0 !== y1) ring.push([x0, y0]);
        rings.push(ring);
      }
      ring = null;
    },
    polygonStart() {},
    polygonEnd() {},
    sphere() {},
  };
  const stream = projection.stream(sink);
  const geometries = geojson.type === "FeatureCollection" ? geojson.features.map((f) => f.geometry)
    : geojson.type === "Feature" ? [geojson.geometry] : [geojson];
  for (const g of geometries) {
    if (!g) continue;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    for (const polygon of polygons) {
      stream.polygonStart();
      for (const r of polygon) {
        stream.lineStart();
        // GeoJSON rings repeat their first point; d3 streams do not.
        for (const p of r.slice(0, -1)) stream.point(p[0], p[1]);
        stream.lineEnd();
      }
      stream.polygonEnd();
    }
  }
  if (rings.length === 0) return [];
  return polygonClipping.xor(...rings.map((r) => [r]));
}
