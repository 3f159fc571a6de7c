#!/usr/bin/env python3
"""Write faulted copies of the shared fixtures, each with a clean control written the same way, and print a manifest.

Usage: python3 make_faults.py OUT_DIR CASES_JSON > manifest.json

Every file is written by this script (GDAL, numpy), never by RSure. Every expected value is computed here in float64
from the files as written, so it is independent of the code under test. The cases (questions, what counts as a
named refusal) are in cases.json beside this script; this script adds the files and the expected numbers.
"""
import json
import os
import shutil
import sys

import numpy as np
from osgeo import gdal

gdal.UseExceptions()

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.abspath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
L8 = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
L8_PREFIX = 'LC08_L1TP_016037_20170813_20170814_01_RT_'
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')
LEVIR_NAME = 'test_2_0000_0000.png'

DATES = sorted(f.split('_')[1] for f in os.listdir(Q46) if f.endswith('_LST.tif'))   # the 23 dates of 2019
TARGET = '2019-07-28'   # the date most faults hit
STALE_SOURCE = '2019-07-12'
STALE_TARGET = '2019-08-13'
LST_SCALE = 0.02
NDVI_SCALE = 0.0001
GTIFF_OPTS = ['COMPRESS=DEFLATE', 'TILED=YES', 'BLOCKXSIZE=256', 'BLOCKYSIZE=256']
KEEP = object()


def read(path):
    ds = gdal.Open(path)
    band = ds.GetRasterBand(1)
    info = {
        'array': band.ReadAsArray(),
        'nodata': band.GetNoDataValue(),
        'gt': list(ds.GetGeoTransform()),
        'wkt': ds.GetProjection(),
        'meta': ds.GetMetadata(),
        'band_meta': {k: v for k, v in band.GetMetadata().items() if not k.startswith('STATISTICS_')},
        'description': band.GetDescription(),
        'area_or_point': ds.GetMetadataItem('AREA_OR_POINT'),
    }
    ds = None
    return info


def write_tif(path, info, array=None, nodata=KEEP, band_meta=None, gt=None):
    """The one GeoTIFF writer used for controls and faults alike (DEFLATE, 256 x 256 tiles)."""
    arr = info['array'] if array is None else array
    gdal_type = gdal.GetDataTypeByName({'uint16': 'UInt16', 'int16': 'Int16', 'float32': 'Float32', 'uint8': 'Byte'}[str(arr.dtype)])
    mem = gdal.GetDriverByName('MEM').Create('', arr.shape[1], arr.shape[0], 1, gdal_type)
    mem.SetGeoTransform(info['gt'] if gt is None else gt)
    mem.SetProjection(info['wkt'])
    meta = dict(info['meta'])
    mem.SetMetadata(meta)
    band = mem.GetRasterBand(1)
    band.WriteArray(arr)
    nd = info['nodata'] if nodata is KEEP else nodata
    if nd is not None:
        band.SetNoDataValue(float(nd))
    band.SetMetadata(info['band_meta'] if band_meta is None else band_meta)
    if info['description']:
        band.SetDescription(info['description'])
    gdal.GetDriverByName('GTiff').CreateCopy(path, mem, options=GTIFF_OPTS)
    mem = None


def q46_name(date, var):
    return f'Xinjiang_{date}_{var}.tif'


def lst_mean(dn):
    """Mean LST in K over the pixels that are not fill (0); None for a date with no valid pixel."""
    v = dn[dn != 0].astype(np.float64) * LST_SCALE
    return float(v.mean()) if v.size else None


def mean_of_dates(means):
    """A period's mean is the mean of the per-date means; dates without a value are left out."""
    return float(np.mean([m for m in means if m is not None]))


def ndvi_valid(dn, fills=(-32768,)):
    m = np.ones(dn.shape, bool)
    for f in fills:
        m &= dn != f
    return dn[m].astype(np.float64) * NDVI_SCALE


def lst_where_ndvi(lst_dn, ndvi_dn, threshold=0.3):
    lst = lst_dn.astype(np.float64) * LST_SCALE
    ndvi = ndvi_dn.astype(np.float64) * NDVI_SCALE
    m = (lst_dn != 0) & (ndvi_dn != -32768) & (ndvi > threshold)
    return float(lst[m].mean())


def link_folder(src, dst):
    """A fault folder starts as the control's files, hard-linked (identical bytes); `fresh` unlinks before a rewrite."""
    os.makedirs(dst)
    for name in os.listdir(src):
        try:
            os.link(os.path.join(src, name), os.path.join(dst, name))
        except OSError:
            shutil.copyfile(os.path.join(src, name), os.path.join(dst, name))
    return dst


def fresh(path):
    if os.path.exists(path):
        os.remove(path)
    return path


def main():
    out, cases_file = sys.argv[1], sys.argv[2]
    cases = json.load(open(cases_file))
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261201)
    folders = {}
    values = {}

    # ---------------- Earth-Bench q46: the 23 dates of LST and NDVI ----------------
    # One file in memory at a time, except the target date's pair, which the faults rewrite.
    src = {}
    per_date = []
    ctrl = os.path.join(out, 'q46-control')
    os.makedirs(ctrl)
    for d in DATES:
        for v in ('LST', 'NDVI'):
            info = read(os.path.join(Q46, q46_name(d, v)))
            write_tif(os.path.join(ctrl, q46_name(d, v)), info)
            if v == 'LST':
                per_date.append(lst_mean(info['array']))
            if d == TARGET:
                src[(d, v)] = info
    folders['q46-control'] = ctrl
    lst_t, ndvi_t = src[(TARGET, 'LST')]['array'], src[(TARGET, 'NDVI')]['array']
    values['lst_mean_target'] = lst_mean(lst_t)
    values['lst_mean_period'] = mean_of_dates(per_date)
    values['ndvi_min_target'] = float(ndvi_valid(ndvi_t).min())
    values['ndvi_mean_target'] = float(ndvi_valid(ndvi_t).mean())
    values['lst_where_ndvi_target'] = lst_where_ndvi(lst_t, ndvi_t)

    def q46_fault(name):
        return link_folder(ctrl, os.path.join(out, name))

    # (1) fill values without a nodata tag
    f = q46_fault('q46-fill-lst-zero')
    arr = lst_t.copy()
    hit = rng.random(arr.shape) < 0.20
    arr[hit] = 0
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'LST'))), src[(TARGET, 'LST')], arr, nodata=None)
    folders['q46-fill-lst-zero'] = f
    values['fill_lst_zero_right'] = lst_mean(arr)          # fill 0 ignored, as a physical LST is never 0 K
    values['fill_lst_zero_naive'] = float(arr.astype(np.float64).mean() * LST_SCALE)

    f = q46_fault('q46-fill-ndvi-9999')
    arr = ndvi_t.copy()
    hit = rng.random(arr.shape) < 0.25
    arr[hit] = -9999
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'NDVI'))), src[(TARGET, 'NDVI')], arr, nodata=None)
    folders['q46-fill-ndvi-9999'] = f
    good = ndvi_valid(arr, fills=(-32768, -9999))
    values['fill_ndvi_min_right'] = float(good.min())
    values['fill_ndvi_mean_right'] = float(good.mean())

    # (2) a byte copy of another date saved under a new date
    f = q46_fault('q46-stale-duplicate')
    for v in ('LST', 'NDVI'):
        shutil.copyfile(os.path.join(ctrl, q46_name(STALE_SOURCE, v)), fresh(os.path.join(f, q46_name(STALE_TARGET, v))))
    folders['q46-stale-duplicate'] = f

    # (3) 60 % of a date's rows set to a constant (18320 DN = 366.4 K)
    f = q46_fault('q46-constant-rows')
    arr = lst_t.copy()
    arr[: int(round(arr.shape[0] * 0.6)), :] = 18320
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'LST'))), src[(TARGET, 'LST')], arr)
    folders['q46-constant-rows'] = f

    # (4) scale tag missing; values stored already scaled (a correct tag scale=1 in the file)
    f = q46_fault('q46-scale-tag-missing')
    meta = {k: v for k, v in src[(TARGET, 'LST')]['band_meta'].items() if k != 'scale'}
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'LST'))), src[(TARGET, 'LST')], band_meta=meta)
    folders['q46-scale-tag-missing'] = f

    f = q46_fault('q46-lst-stored-kelvin')
    arr = (lst_t.astype(np.float64) * LST_SCALE).astype(np.float32)
    meta = dict(src[(TARGET, 'LST')]['band_meta'], scale='1')
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'LST'))), src[(TARGET, 'LST')], arr, nodata=0, band_meta=meta)
    folders['q46-lst-stored-kelvin'] = f
    values['lst_kelvin_right'] = float(arr[arr != 0].astype(np.float64).mean())

    f = q46_fault('q46-ndvi-stored-scaled')
    arr = (ndvi_t.astype(np.float64) * NDVI_SCALE).astype(np.float32)
    arr[ndvi_t == -32768] = np.nan
    meta = dict(src[(TARGET, 'NDVI')]['band_meta'], scale='1')
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'NDVI'))), src[(TARGET, 'NDVI')], arr, nodata=float('nan'), band_meta=meta)
    folders['q46-ndvi-stored-scaled'] = f
    values['ndvi_scaled_mean_right'] = float(np.nanmean(arr.astype(np.float64)))

    # (5) a corrupt date in the file name (one date's pair renamed)
    for tag, bad in (('month13', '2019-13-08'), ('feb30', '2019-02-30')):
        f = q46_fault(f'q46-corrupt-date-{tag}')
        for v in ('LST', 'NDVI'):
            os.rename(os.path.join(f, q46_name(STALE_TARGET, v)), os.path.join(f, q46_name(bad, v)))
        folders[f'q46-corrupt-date-{tag}'] = f
    values['lst_mean_period_without_corrupt'] = mean_of_dates([m for d, m in zip(DATES, per_date) if d != STALE_TARGET])

    # (7) a mismatched grid: the target date's NDVI offset by 10 px east, or resampled to 60 m
    f = q46_fault('q46-grid-offset')
    info = src[(TARGET, 'NDVI')]
    gt = list(info['gt'])
    gt[0] += 10 * gt[1]
    write_tif(fresh(os.path.join(f, q46_name(TARGET, 'NDVI'))), info, gt=gt)
    folders['q46-grid-offset'] = f

    f = q46_fault('q46-grid-resampled')
    target = fresh(os.path.join(f, q46_name(TARGET, 'NDVI')))
    gdal.Warp(target, os.path.join(ctrl, q46_name(TARGET, 'NDVI')), xRes=60, yRes=60, resampleAlg='average',
              creationOptions=GTIFF_OPTS)
    folders['q46-grid-resampled'] = f

    # ---------------- Landsat 8 scene ----------------
    bands = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA']
    l8 = {b: read(os.path.join(L8, f'{L8_PREFIX}{b}.TIF')) for b in bands}
    mtl = os.path.join(L8, f'{L8_PREFIX}MTL.txt')

    def l8_folder(name, overrides):
        d = os.path.join(out, name)
        os.makedirs(d)
        for b in bands:
            array, gt = overrides.get(b, (None, None))
            write_tif(os.path.join(d, f'{L8_PREFIX}{b}.TIF'), l8[b], array, gt=gt)
        shutil.copyfile(mtl, os.path.join(d, f'{L8_PREFIX}MTL.txt'))
        folders[name] = d

    b4, b5, bqa = (l8[b]['array'].astype(np.float64) for b in ('B4', 'B5', 'BQA'))
    valid = (b4 > 0) & (b5 > 0)
    ndvi = np.where(valid, (b5 - b4) / np.where(valid, b5 + b4, 1), np.nan)
    values['l8_ndvi_mean'] = float(np.nanmean(ndvi))
    fill = l8['BQA']['array'] == 1
    clear_value = np.uint16(2720)   # Collection-1 BQA: clear, low cloud / shadow / snow / cirrus confidence
    cloud_value = np.uint16(2800)   # bit 4 cloud, high cloud confidence
    cleared = np.where(fill, l8['BQA']['array'], clear_value).astype(np.uint16)
    l8_folder('l8-control', {})
    l8_folder('l8-cloudfree-control', {'BQA': (cleared, None)})
    real_cloud = ((l8['BQA']['array'] >> 4) & 1) == 1
    values['l8_ndvi_mean_clear_real'] = float(np.nanmean(np.where(real_cloud, np.nan, ndvi)))
    values['l8_cloud_share_real'] = float(real_cloud[~fill].mean())
    l8_folder('l8-clouds-real-bqa', {})   # the scene's own BQA: about a quarter of its pixels are cloud
    synth = cleared.copy()
    rows = int(round(synth.shape[0] * 0.4))
    synth[:rows][~fill[:rows]] = cloud_value
    synth_cloud = ((synth >> 4) & 1) == 1
    values['l8_ndvi_mean_clear_synth'] = float(np.nanmean(np.where(synth_cloud, np.nan, ndvi)))
    l8_folder('l8-clouds-synthetic', {'BQA': (synth, None)})
    gt = list(l8['B5']['gt'])
    gt[0] += 3 * gt[1]
    l8_folder('l8-grid-offset', {'B5': (None, gt)})

    # ---------------- LEVIR-CD pair: B shifted by k px (edge pixels repeated) ----------------
    def png_read(path):
        ds = gdal.Open(path)
        a = ds.ReadAsArray()
        ds = None
        return a

    def png_write(path, arr):
        mem = gdal.GetDriverByName('MEM').Create('', arr.shape[2], arr.shape[1], arr.shape[0], gdal.GDT_Byte)
        for i in range(arr.shape[0]):
            mem.GetRasterBand(i + 1).WriteArray(arr[i])
        gdal.GetDriverByName('PNG').CreateCopy(path, mem)
        mem = None
        aux = path + '.aux.xml'
        if os.path.exists(aux):
            os.remove(aux)

    a_img = png_read(os.path.join(LEVIR, 'A', LEVIR_NAME))
    b_img = png_read(os.path.join(LEVIR, 'B', LEVIR_NAME))
    for k in (0, 5, 8, 12):
        d = os.path.join(out, f'levir-shift-{k}')
        os.makedirs(os.path.join(d, 'A'))
        os.makedirs(os.path.join(d, 'B'))
        h, w = b_img.shape[1:]
        ys = np.clip(np.arange(h) - k, 0, h - 1)
        xs = np.clip(np.arange(w) - k, 0, w - 1)
        png_write(os.path.join(d, 'A', LEVIR_NAME), a_img)
        png_write(os.path.join(d, 'B', LEVIR_NAME), b_img[:, ys][:, :, xs])
        folders[f'levir-shift-{k}'] = d

    # ---------------- the manifest ----------------
    manifest = []
    for case in cases['cases']:
        folder = folders[case['folder']]
        entry = dict(case)
        if case.get('images'):
            entry['images'] = [os.path.join(folder, p) for p in case['images']]
            entry['files'] = None
        else:
            entry['files'] = folder
            entry['images'] = []
        exp = dict(case['expect'])
        for key in ('right', 'right_with_caveat'):
            if key in exp:
                exp[key] = [values[v] for v in exp[key]]
        entry['expect'] = exp
        manifest.append(entry)
    json.dump({'out': out, 'values': values, 'cases': manifest}, sys.stdout, indent=1)


if __name__ == '__main__':
    main()
