"""The fixture clinic the browser suite runs against: recipe.py says what it is,
site.py makes its project."""
