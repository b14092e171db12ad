import ExampleScreens

print("vmrepl: example screens foo, users, greeting, posts")
