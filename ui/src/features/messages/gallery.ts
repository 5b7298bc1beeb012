/** The image gallery: zoom in steps of 0.2, pinch zoom limited to 1–3, rotation in steps of 90 degrees. */
export const ZOOM_STEP = 0.2;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
export const ROTATE_STEP = 90;

const round = (value: number) => Math.round(value * 100) / 100;

export const clampZoom = (zoom: number) => round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)));

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_STEP);

/** Two fingers moved from `startDistance` apart to `distance` apart, starting at `startZoom`. */
export const pinchZoom = (startZoom: number, startDistance: number, distance: number) =>
  startDistance <= 0 ? clampZoom(startZoom) : clampZoom(startZoom * (distance / startDistance));

export const rotate = (degrees: number) => (degrees + ROTATE_STEP) % 360;
