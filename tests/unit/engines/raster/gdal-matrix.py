"""
The GDAL matrix of tests/unit/engines/raster/gdal-matrix.test.ts: writes GeoTIFFs with GDAL (data types x
compressions x predictors x strips/tiles x nodata forms x band layouts, some with internal overviews and sparse
blocks) into the folder given as argv[1], reads every one back with GDAL, and prints a JSON list with, per file and
per pyramid level, GDAL's own valid-pixel counts and the sum of the valid values per band.

GDAL's valid pixel: its mask band says valid (GMF_NODATA compares with the nodata value, for float32 rounded to
float32; GMF_ALL_VALID otherwise) and the value is not NaN (what numpy users of GDAL drop with np.isnan). For a
multi-band read, valid in every band read. Usage: python3 gdal-matrix.py DIR
"""
import json
import os
import sys

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
# One nodata value is stored per file; GDAL warns when a later band repeats it (float32 rounding): expected here.
gdal.PushErrorHandler("CPLQuietErrorHandler")
out_dir = sys.argv[1]
rng = np.random.default_rng(20261202)

DTYPES = {
    "uint8": (gdal.GDT_Byte, np.uint8),
    "int8": (gdal.GDT_Byte, np.int8),
    "uint16": (gdal.GDT_UInt16, np.uint16),
    "int16": (gdal.GDT_Int16, np.int16),
    "uint32": (gdal.GDT_UInt32, np.uint32),
    "int32": (gdal.GDT_Int32, np.int32),
    "float32": (gdal.GDT_Float32, np.float32),
    "float64": (gdal.GDT_Float64, np.float64),
}
# Lossless compressions GDAL writes and RSure decodes (DEFLATE natively, the others through geotiff.js's decoders).
COMPRESSIONS = ["NONE", "DEFLATE", "LZW", "PACKBITS", "ZSTD", "LERC_DEFLATE", "LERC_ZSTD"]


def nodata_forms(dtype):
    """Nodata forms tried for a data type: none, and values a sample of that type can hold."""
    if dtype == "int8":
        return [None]
    if dtype.startswith("float"):
        return [None, -9999.9, float("nan"), 0.0, 3.4e38 if dtype == "float32" else -1e300]
    info = np.iinfo(DTYPES[dtype][1])
    return [None, 0, int(info.max), int(info.min) if info.min < 0 else 7]


def values(dtype, shape, nodata):
    npt = DTYPES[dtype][1]
    if dtype.startswith("float"):
        a = (rng.standard_normal(shape) * 1000).astype(npt)
        a[rng.random(shape) < 0.05] = np.nan
    else:
        info = np.iinfo(npt)
        a = rng.integers(int(info.min), int(info.max), size=shape, endpoint=True, dtype=np.int64).astype(npt)
    if nodata is not None and not (isinstance(nodata, float) and np.isnan(nodata)):
        a[rng.random(shape) < 0.15] = npt(nodata)
    # No near-misses of a float64 nodata: GDAL 3.6's mask band compares float64 samples within about 1e-7 relative
    # (float32 precision), numpy and RSure exactly, so a value within 1e-7 of the nodata would be counted differently.
    return a


def gdal_counts(ds, level):
    """Per band and all bands together: GDAL's valid-pixel count and the sum of valid values (float64)."""
    bands = [ds.GetRasterBand(b + 1) for b in range(ds.RasterCount)]
    if level > 0:
        bands = [b.GetOverview(level - 1) for b in bands]
    masks = []
    sums = []
    counts = []
    for b in bands:
        a = b.ReadAsArray()
        if b.DataType == gdal.GDT_Byte and b.GetMetadataItem("PIXELTYPE", "IMAGE_STRUCTURE") == "SIGNEDBYTE":
            a = a.view(np.int8)
        m = (b.GetMaskBand().ReadAsArray() != 0) & ~np.isnan(a.astype(np.float64))
        masks.append(m)
        counts.append(int(m.sum()))
        sums.append(float(a.astype(np.float64)[m].sum()))
    every = np.logical_and.reduce(masks)
    return {"width": bands[0].XSize, "height": bands[0].YSize, "band_valid": counts, "band_sum": sums, "all_valid": int(every.sum()),
            "first3_valid": int(np.logical_and.reduce(masks[:3]).sum())}


def write(name, dtype, comp, predictor, layout, nodata, nbands=1, interleave="PIXEL", overviews=False, sparse=False, size=(37, 23)):
    gdt, _ = DTYPES[dtype]
    w, h = size
    opts = [f"COMPRESS={comp}", f"INTERLEAVE={interleave}"]
    if predictor > 1:
        opts.append(f"PREDICTOR={predictor}")
    if comp.startswith("LERC"):
        opts.append("MAX_Z_ERROR=0")
    if layout == "tiled":
        opts += ["TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"]
    else:
        opts.append(f"BLOCKYSIZE={layout}")
    if dtype == "int8":
        opts.append("PIXELTYPE=SIGNEDBYTE")
    if sparse:
        opts.append("SPARSE_OK=TRUE")
    path = os.path.join(out_dir, name + ".tif")
    ds = gdal.GetDriverByName("GTiff").Create(path, w, h, nbands, gdt, opts)
    ds.SetGeoTransform([500000, 30, 0, 4200000, 0, -30])
    for b in range(nbands):
        band = ds.GetRasterBand(b + 1)
        if nodata is not None:
            band.SetNoDataValue(nodata)
        a = values(dtype, (h, w), nodata)
        if sparse:
            # Only the top-left block is written; the others stay sparse (read as nodata, or 0 without nodata).
            band.WriteArray(a[:16, :16], 0, 0)
        else:
            band.WriteArray(a)
    ds = None
    if overviews:
        ds = gdal.Open(path, gdal.GA_Update)
        ds.BuildOverviews("NEAREST", [2, 4])
        ds = None
    ds = gdal.Open(path)
    levels = [gdal_counts(ds, 0)]
    if overviews:
        levels += [gdal_counts(ds, i) for i in (1, 2)]
    return {"name": name, "file": path, "dtype": dtype, "compression": comp, "predictor": predictor, "layout": layout,
            "nodata": None if nodata is None else ("nan" if np.isnan(nodata) else nodata), "bands": nbands,
            "interleave": interleave, "sparse": sparse, "levels": levels}


cases = []
for dtype in DTYPES:
    forms = nodata_forms(dtype)
    predictors = [1, 3] if dtype.startswith("float") else [1, 2]
    i = 0
    for comp in COMPRESSIONS:
        for predictor in predictors:
            if comp in ("NONE", "PACKBITS") or comp.startswith("LERC"):
                if predictor > 1:
                    continue
            for layout in ("tiled", 5):
                nodata = forms[i % len(forms)]
                i += 1
                name = f"{dtype}-{comp}-p{predictor}-{'t16' if layout == 'tiled' else 's5'}-{i}"
                cases.append(write(name, dtype, comp, predictor, layout, nodata))
# Multi-band, both interleaves, with overviews: previews and tiles read an overview level.
for dtype, nodata in (("uint16", 0), ("float32", -9999.9), ("int16", -32768), ("float64", float("nan"))):
    for interleave in ("PIXEL", "BAND"):
        for comp in ("DEFLATE", "LZW"):
            pred = 3 if dtype.startswith("float") else 2
            name = f"mb-{dtype}-{interleave}-{comp}"
            cases.append(write(name, dtype, comp, pred, "tiled", nodata, nbands=4, interleave=interleave, overviews=True, size=(64, 48)))
# Sparse files: unwritten blocks are nodata when the file has one, zeros (valid) when not.
for dtype, nodata in (("uint16", 65535), ("float32", -9999.9), ("int32", None), ("float32", None)):
    cases.append(write(f"sparse-{dtype}-{nodata}", dtype, "DEFLATE", 1, "tiled", nodata, sparse=True, size=(40, 40)))
print(json.dumps(cases))
