"""Reference pipeline for bench/execute-tvdi.bench.ts: the Earth-Bench 2019 TVDI task with GDAL + numpy.

Same convention as the execute DAG: LST = DN * 0.02 K, NDVI = DN * 0.0001; valid where 0 <= NDVI <= 1 and LST > 0;
dates with fewer than 100 valid pixels are skipped; 100 NDVI bins between the valid min and max (half-open, so
the maximum falls in no bin, one boolean mask per bin); per-bin max/min LST fitted linearly against bin centres; TVDI clipped to [0, 1];
the answer is the mean of the per-date means. Prints one JSON line.
"""
import glob
import json
import os
import resource
import sys
import time

import numpy as np
from osgeo import gdal

gdal.UseExceptions()


def read(path, scale):
    ds = gdal.Open(path)
    a = ds.GetRasterBand(1).ReadAsArray().astype(np.float32) * np.float32(scale)
    ds = None
    return a


def tvdi_mean(ndvi, lst):
    """Per-date TVDI mean, binning with one boolean mask per bin as the Earth-Agent reference tool does."""
    valid = (ndvi >= 0) & (ndvi <= 1) & (lst > 0)
    nv = ndvi[valid]
    lv = lst[valid]
    if nv.size < 100:
        return None
    edges = np.linspace(nv.min(), nv.max(), 101)
    centres, dry, wet = [], [], []
    for i in range(100):
        in_bin = (nv >= edges[i]) & (nv < edges[i + 1])
        if in_bin.any():
            centres.append((edges[i] + edges[i + 1]) / 2)
            dry.append(lv[in_bin].max())
            wet.append(lv[in_bin].min())
    if len(centres) < 2:
        return None
    bd, ad = np.polyfit(centres, dry, 1)
    bw, aw = np.polyfit(centres, wet, 1)
    w = aw + bw * nv
    den = ad + bd * nv - w
    den[den == 0] = 1e-6
    t = np.clip((lv - w) / den, 0, 1)
    return float(t.mean(dtype=np.float64))


def main(folder):
    start = time.perf_counter()
    means = []
    for lst_path in sorted(glob.glob(os.path.join(folder, "*_2019-*_LST.tif"))):
        ndvi_path = lst_path.replace("_LST.tif", "_NDVI.tif")
        if not os.path.exists(ndvi_path):
            continue
        m = tvdi_mean(read(ndvi_path, 0.0001), read(lst_path, 0.02))
        if m is not None:
            means.append(m)
    seconds = time.perf_counter() - start
    print(json.dumps({
        "annual_mean": float(np.mean(means)) if means else None,
        "dates_used": len(means),
        "seconds": seconds,
        "cpu_seconds": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }))


if __name__ == "__main__":
    main(sys.argv[1])
